import { t } from '@lingui/core/macro';
import { categoryName } from '../../lib/categories';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Portal } from '@chakra-ui/react/portal';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, type UseFormReturn, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import { FormField } from '../../components/ui/FormField';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { useFragment as unmask } from '../../gql';
import type { ProjectCategoriesQuery, ProjectDetailQuery } from '../../gql/graphql';
import { errorMessage } from '../../lib/api';
import { useResourceServices } from './ResourceDialog';
import { ResourceFields } from './ResourceFields';
import {
  CategoriesQuery,
  CreateProjectMutation,
  ProjectQuery,
  ProjectsQuery,
  TaskFields,
  UpdateProjectMutation,
} from './projectsApi';
import { submitWithInitials } from './initialsLogo';
import { type ProjectValues, emptyResource, projectSchema, resourceMessages, toTaskInput } from './resource';
import { Trans } from '@lingui/react/macro';
import { StaleNotice, changedFields, myChanges, staleCurrent } from '../teams/StaleNotice';

export type ProjectDialogMode = { kind: 'create' } | { kind: 'edit'; projectId: string };

/** New project (starts with one empty custom resource) or update project (existing resources read-only). */
export function ProjectDialog({
  mode,
  onClose,
  onCreated,
}: {
  mode: ProjectDialogMode | null;
  onClose: () => void;
  /** With the new project's resource types (the created dialog speaks to them). */
  onCreated: (projectId: string, types: string[]) => void;
}) {
  return (
    <Dialog.Root
      open={mode !== null}
      onOpenChange={(e) => !e.open && onClose()}
      size="md"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="project-dialog">
            <Dialog.Header>
              <Dialog.Title>{mode?.kind === 'edit' ? t`Update project` : t`New project`}</Dialog.Title>
            </Dialog.Header>
            {mode && (
              <ProjectForm
                key={mode.kind === 'edit' ? mode.projectId : 'new'}
                mode={mode}
                onClose={onClose}
                onCreated={onCreated}
              />
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type LoadedProject = NonNullable<ProjectDetailQuery['project']>;

/** An edited project's values into the form once loaded, and the focus on its first field. */
function useLoadedProject(form: UseFormReturn<ProjectValues>, loaded: LoadedProject | undefined) {
  const focused = useRef(false);
  useEffect(() => {
    if (!loaded) return;
    // Newest first, as in the project's resource table; resources added here go below them.
    const tasks = [...unmask(TaskFields, loaded.tasks)].sort((a, b) => Number(b.id) - Number(a.id));
    form.reset({
      title: loaded.title,
      categoryId: loaded.categoryId,
      tasks: tasks.map((t) => ({
        id: t.id,
        isNew: false,
        revealed: true,
        type: t.type,
        title: t.title,
        url: t.url,
        logo: t.logo,
        isMiniApp: t.isMiniApp,
        inviteLink: t.inviteLink ?? '',
      })),
    });
    // The dialog's initial focus fell on Cancel while the form was loading: move it to the
    // first field once, when the form appears.
    if (!focused.current) {
      focused.current = true;
      requestAnimationFrame(() => form.setFocus('title'));
    }
  }, [loaded, form]);
}

/** The project's name and category. */
function ProjectFields({ categories }: { categories: { loading: boolean; data?: ProjectCategoriesQuery } }) {
  const form = useFormContext<ProjectValues>();
  const errors = form.formState.errors;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField label={t`Project name`} error={errors.title?.message}>
        <Input placeholder={t`My project`} {...form.register('title')} />
      </FormField>
      <FormField label={t`Category`} error={errors.categoryId?.message}>
        <NativeSelect.Root disabled={categories.loading}>
          <NativeSelect.Field placeholder={t`Choose a category`} {...form.register('categoryId')}>
            {categories.data?.categories.data.map((c) => (
              <option key={c.id} value={c.id}>
                {categoryName(c.title)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </SimpleGrid>
  );
}

/** The project's resources: the existing ones read-only, new ones to fill in, added and removed. */
function ProjectResources({
  editing,
  services,
}: {
  editing: boolean;
  services: ReturnType<typeof useResourceServices>;
}) {
  const form = useFormContext<ProjectValues>();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'tasks' });
  const newCount = fields.filter((_, i) => form.getValues(`tasks.${i}.isNew`)).length;
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">
        <Trans>Resources</Trans>
      </Text>
      {editing && fields.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          <Trans>No resources yet.</Trans>
        </Text>
      )}
      {fields.map((field, index) => (
        <ResourceFields
          key={field.id}
          index={index}
          services={services}
          onRemove={
            form.getValues(`tasks.${index}.isNew`) && (editing || newCount > 1) ? () => remove(index) : undefined
          }
        />
      ))}
      <Button variant="outline" alignSelf="flex-start" onClick={() => append(emptyResource('CUSTOM'))}>
        <Plus /> <Trans>Add resource</Trans>
      </Button>
    </Stack>
  );
}

/** The project as the server has it when a change came on a stale version (REST's shape). */
interface StaleProject {
  version: number;
  title: string;
  categoryId: number;
  category: { title: string };
}

type ProjectInput = { title: string; categoryId: string; tasks: ReturnType<typeof toTaskInput>[] };

/**
 * Update project on the version the form showed; when someone else saved first, the notice says
 * who changed what and offers to apply this form's changes on top of theirs or to take theirs.
 */
function useProjectUpdate(
  id: string | null,
  loaded: LoadedProject | undefined,
  onSaved: () => void,
  reload: () => void,
) {
  const [updateProject] = useMutation(UpdateProjectMutation, { refetchQueries: [ProjectsQuery] });
  const [conflict, setConflict] = useState<{ message: string; current: StaleProject; mine: ProjectInput } | null>(null);
  const save = async (input: ProjectInput, expectedVersion: number) => {
    await updateProject({ variables: { id: id ?? '', input, expectedVersion } });
    notifySuccess(t`Project updated successfully`);
    onSaved();
  };
  const update = async (input: ProjectInput) => {
    if (!loaded) return;
    try {
      await save(input, conflict?.current.version ?? loaded.version);
    } catch (e) {
      const current = staleCurrent<StaleProject>(e);
      if (!current) throw e;
      setConflict({ message: errorMessage(e), current, mine: input });
    }
  };
  const notice = conflict && loaded && (
    <StaleNotice
      message={conflict.message}
      changes={changedFields(
        { title: loaded.title, category: loaded.category.title },
        { title: conflict.current.title, category: conflict.current.category.title },
        { title: t`the name`, category: t`the category` },
      )}
      onMine={async () => {
        const { current, mine } = conflict;
        // Theirs where this form left a field as it showed it; the new resources are this form's.
        const changed = myChanges(
          { title: mine.title, categoryId: mine.categoryId },
          { title: loaded.title, categoryId: loaded.categoryId },
        );
        const onTop = { title: current.title, categoryId: String(current.categoryId), ...changed, tasks: mine.tasks };
        try {
          await save(onTop, current.version);
        } catch (e) {
          notifyError(errorMessage(e));
        }
      }}
      onTheirs={async () => {
        setConflict(null);
        reload();
      }}
    />
  );
  return { update, notice };
}

function ProjectForm({
  mode,
  onClose,
  onCreated,
}: {
  mode: ProjectDialogMode;
  onClose: () => void;
  onCreated: (projectId: string, types: string[]) => void;
}) {
  const services = useResourceServices();
  const editId = mode.kind === 'edit' ? mode.projectId : null;
  const categories = useQuery(CategoriesQuery);
  const project = useQuery(ProjectQuery, {
    variables: { id: editId ?? '' },
    skip: !editId,
    fetchPolicy: 'network-only',
  });
  const [createProject] = useMutation(CreateProjectMutation, { refetchQueries: [ProjectsQuery] });

  const form = useForm<ProjectValues>({
    resolver: zodResolver(projectSchema),
    defaultValues: { title: '', categoryId: '', tasks: editId ? [] : [emptyResource('CUSTOM')] },
  });

  const loaded = project.data?.project;
  useLoadedProject(form, loaded);
  const { update, notice } = useProjectUpdate(editId, loaded, onClose, () => void project.refetch());

  const check = form.handleSubmit(
    async (values) => {
      const input = { title: values.title.trim(), categoryId: values.categoryId, tasks: values.tasks.map(toTaskInput) };
      try {
        if (editId) {
          await update(input);
        } else {
          const { data } = await createProject({ variables: { input } });
          if (data)
            onCreated(
              data.createProject.id,
              input.tasks.map((t) => t.type),
            );
        }
      } catch (e) {
        notifyError(errorMessage(e));
      }
    },
    () => {
      form.getValues('tasks').forEach((t, i) => {
        if (t.isNew && !t.revealed) form.setValue(`tasks.${i}.revealed`, true);
      });
      notifyError(resourceMessages.notFilled);
    },
  );
  // New resources with a name and no logo are sent with their initials picture.
  const submit = submitWithInitials(form, services, check);

  const waiting = Boolean(editId) && !loaded;

  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        aria-label={editId ? t`Update project` : t`New project`}
        style={{ display: 'contents' }}
      >
        <Dialog.Body>
          {waiting ? (
            <Stack gap="4">
              <Skeleton h="10" />
              <Skeleton h="10" />
              <Skeleton h="24" />
            </Stack>
          ) : (
            <Stack gap="5">
              {notice}
              <ProjectFields categories={categories} />
              <ProjectResources editing={Boolean(editId)} services={services} />
            </Stack>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} disabled={waiting}>
            {editId ? t`Save Project` : t`Create Project`}
          </Button>
        </Dialog.Footer>
      </form>
    </FormProvider>
  );
}
