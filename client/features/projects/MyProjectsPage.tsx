import { t } from '@lingui/core/macro';
import { categoryName } from '../../lib/categories';
import { useQuery } from '@apollo/client/react';
import { Avatar } from '@chakra-ui/react/avatar';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { LinkBox, LinkOverlay } from '@chakra-ui/react/link';
import { Link } from '@tanstack/react-router';
import { ChevronRight, EllipsisVertical, FolderPlus, KeyRound, Pencil, Plus } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { AddCard } from '../../components/ui/AddCard';
import { useAccountAccess } from '../teams/useAccountAccess';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';
import { errorMessage } from '../../lib/api';
import type { ProjectDialogMode } from './ProjectDialog';
import { PROJECTS_LIST, ProjectsQuery } from './projectsApi';
import { pageHeadings } from '../../lib/pageHeadings';
import { Trans } from '@lingui/react/macro';

// The modals (forms, zod) load right after the page and stay out of its initial JS; they mount
// closed, since a dialog mounted already open during a click would take that click as outside.
const ProjectDialog = lazy(() => import('./ProjectDialog').then((m) => ({ default: m.ProjectDialog })));
const ApiKeyDialog = lazy(() => import('./ProjectModals').then((m) => ({ default: m.ProjectKeyDialog })));
const ProjectCreatedDialog = lazy(() => import('./ProjectModals').then((m) => ({ default: m.ProjectCreatedDialog })));

/** My Projects: project cards plus the Add New Project card. */
export function MyProjectsPage() {
  const access = useAccountAccess();
  const { data, loading, error, refetch } = useQuery(ProjectsQuery, { variables: PROJECTS_LIST });
  const [dialog, setDialog] = useState<ProjectDialogMode | null>(null);
  const [keyFor, setKeyFor] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; types: string[] } | null>(null);

  const projects = data?.projects.data ?? [];

  return (
    <Page {...pageHeadings['/advertiser/projects']}>
      {loading && !data ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="5">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h="44" borderRadius="2xl" />
          ))}
        </SimpleGrid>
      ) : error && !data ? (
        <EmptyState icon={<FolderPlus />} title={t`Could not load projects`} description={errorMessage(error)}>
          <Button onClick={() => void refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState>
      ) : projects.length === 0 ? (
        // The first project: one place to start, not an "Add" card beside a "no projects" box.
        <EmptyState
          icon={<FolderPlus />}
          title={t`You don't have any projects`}
          description={t`Create a project and add the bots, channels, chats or links you want to advertise.`}
        >
          <Button
            colorPalette="brand"
            data-testid="add-project-card"
            disabled={Boolean(access.why('work'))}
            title={access.why('work')}
            onClick={() => setDialog({ kind: 'create' })}
          >
            <Plus /> <Trans>Add New Project</Trans>
          </Button>
        </EmptyState>
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="5" data-testid="projects-grid">
            <AddCard
              label={t`Add New Project`}
              icon={<FolderPlus size={28} />}
              testId="add-project-card"
              disabledWhy={access.why('work')}
              onClick={() => setDialog({ kind: 'create' })}
            />
            {projects.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                onEdit={() => setDialog({ kind: 'edit', projectId: project.id })}
                onApiKey={() => setKeyFor(project.id)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <Suspense fallback={null}>
        <ProjectDialog
          mode={dialog}
          onClose={() => setDialog(null)}
          onCreated={(id, types) => {
            setDialog(null);
            setCreated({ id, types });
          }}
        />
      </Suspense>
      <Suspense fallback={null}>
        <ApiKeyDialog projectId={keyFor} onClose={() => setKeyFor(null)} />
      </Suspense>
      <Suspense fallback={null}>
        <ProjectCreatedDialog
          projectId={created?.id ?? null}
          types={created?.types ?? []}
          onClose={() => setCreated(null)}
        />
      </Suspense>
    </Page>
  );
}

function ProjectCard({
  project,
  onEdit,
  onApiKey,
}: {
  project: { id: string; title: string; logo?: string | null; tasksCount: number; category: { title: string } };
  onEdit: () => void;
  onApiKey: () => void;
}) {
  return (
    // The whole card opens the project (LinkOverlay on the title); the menu and arrow sit above it.
    <Card.Root
      asChild
      borderRadius="2xl"
      minH="44"
      data-testid="project-card"
      data-project-id={project.id}
      _hover={{ borderColor: 'border.emphasized', shadow: 'sm' }}
      transition="border-color 0.15s, box-shadow 0.15s"
    >
      <LinkBox>
        <Card.Body gap="4">
          <HStack justify="space-between" align="flex-start">
            <Avatar.Root size="xl" shape="rounded">
              {project.logo && <Avatar.Image src={project.logo} alt="" />}
              <Avatar.Fallback name={project.title} />
            </Avatar.Root>
            <Menu.Root positioning={{ placement: 'bottom-end' }}>
              <Menu.Trigger asChild>
                <IconButton
                  variant="ghost"
                  size="sm"
                  aria-label={t`Actions for ${project.title}`}
                  position="relative"
                  zIndex="1"
                >
                  <EllipsisVertical />
                </IconButton>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    <Menu.Item value="edit" onSelect={onEdit}>
                      <Pencil size={14} /> <Trans>Edit</Trans>
                    </Menu.Item>
                    <Menu.Item value="api-key" onSelect={onApiKey}>
                      <KeyRound size={14} /> <Trans>Get API key</Trans>
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </HStack>
          <Stack gap="1" flex="1" minW="0">
            <Text fontWeight="semibold" fontSize="lg" truncate title={project.title}>
              <LinkOverlay asChild color="inherit">
                <Link to="/advertiser/projects/$id" params={{ id: project.id }}>
                  {project.title}
                </Link>
              </LinkOverlay>
            </Text>
            <Text fontSize="sm" color="fg.muted" truncate>
              {categoryName(project.category.title)}
            </Text>
          </Stack>
          <HStack justify="space-between">
            <Text fontSize="sm" color="fg.muted" data-testid="resources-count">
              <Trans>Resources: {project.tasksCount}</Trans>
            </Text>
            <IconButton
              asChild
              variant="subtle"
              size="sm"
              borderRadius="full"
              aria-label={t`Open ${project.title}`}
              position="relative"
              zIndex="1"
            >
              <Link to="/advertiser/projects/$id" params={{ id: project.id }}>
                <ChevronRight />
              </Link>
            </IconButton>
          </HStack>
        </Card.Body>
      </LinkBox>
    </Card.Root>
  );
}
