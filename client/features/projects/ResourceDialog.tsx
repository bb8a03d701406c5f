import { t } from '@lingui/core/macro';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { ResourceFields, type ResourceServices } from './ResourceFields';
import { submitWithInitials } from './initialsLogo';
import { CreateTaskMutation, SuggestResourceMutation, uploadImage } from './projectsApi';
import { type ResourcesValues, emptyResource, resourceMessages, resourcesSchema, toTaskInput } from './resource';
import { Trans } from '@lingui/react/macro';

/** The link search (GraphQL) and the image upload (REST) the resource forms use. */
export function useResourceServices(): ResourceServices {
  const client = useApolloClient();
  return useMemo(
    () => ({
      search: async (url: string) => {
        const { data } = await client.mutate({ mutation: SuggestResourceMutation, variables: { url } });
        if (!data) throw new Error(resourceMessages.notFound);
        return data.suggestResource;
      },
      upload: uploadImage,
    }),
    [client],
  );
}

export type TaskInputValue = ReturnType<typeof toTaskInput>;

/** A single new resource; on invalid submit the toast 'Required fields are not filled in'. */
export function NewResourceForm({
  services,
  onSubmit,
  onCancel,
}: {
  services: ResourceServices;
  onSubmit: (input: TaskInputValue) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useForm<ResourcesValues>({
    resolver: zodResolver(resourcesSchema),
    defaultValues: { tasks: [emptyResource('CUSTOM')] },
  });

  const check = form.handleSubmit(
    async (values) => onSubmit(toTaskInput(values.tasks[0])),
    () => {
      form.setValue('tasks.0.revealed', true);
      notifyError(resourceMessages.notFilled);
    },
  );
  // A resource with a name and no logo is sent with its initials picture.
  const submit = submitWithInitials(form, services, check);

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={t`New advertising resource`}>
        <Stack gap="5">
          <ResourceFields index={0} services={services} />
          <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
            {onCancel && (
              <Button variant="outline" onClick={onCancel}>
                <Trans>Cancel</Trans>
              </Button>
            )}
            <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
              <Trans>Create resource</Trans>
            </Button>
          </Stack>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** 'New advertising resource' modal of the project page (size md, 800px). */
export function ResourceDialog({
  projectId,
  open,
  onClose,
  onCreated,
}: {
  projectId: string;
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const services = useResourceServices();
  const [createTask] = useMutation(CreateTaskMutation);

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="md" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <Trans>New advertising resource</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {open && (
                <NewResourceForm
                  services={services}
                  onCancel={onClose}
                  onSubmit={async (input) => {
                    try {
                      await createTask({ variables: { projectId, input } });
                      notifySuccess(t`The resource has been successfully created`);
                      onCreated();
                      onClose();
                    } catch (e) {
                      notifyError(errorMessage(e));
                    }
                  }}
                />
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
