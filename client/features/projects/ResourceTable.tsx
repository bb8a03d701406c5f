import { t } from '@lingui/core/macro';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Avatar } from '@chakra-ui/react/avatar';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { useMediaQuery } from '@chakra-ui/react/hooks';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { EllipsisVertical, Info, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Pagination } from '../../components/ui/Pagination';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { useFragment as unmask } from '../../gql';
import type { ProjectTask_TaskFragment, ProjectTasksQuery as ProjectTasksResult } from '../../gql/graphql';
import { campaignStatus, resourceStatus } from '../campaigns/campaign';
import { CampaignStatusBadge } from '../campaigns/CampaignStatusBadge';
import { errorMessage } from '../../lib/api';
import { ProjectTasksQuery, TaskFields, VerifyTaskMutation, readTask } from './projectsApi';
import { RESOURCE_PAGE_SIZE, typeLabels } from './constants';
import { DeleteResourceDialog } from './DeleteResourceDialog';
import { SdkDetailsDialog } from './SdkDetailsDialog';
import { Trans } from '@lingui/react/macro';

type TaskRow = ProjectTasksResult['projectTasks']['data'][number];
/** A resource of the table: its fields and the campaigns running on it. */
export type Task = ProjectTask_TaskFragment & { campaigns: TaskRow['campaigns'] };

/** A page of `projectTasks` as table rows. */
export function resourceRows(rows: TaskRow[]): Task[] {
  return rows.map((row) => ({ ...unmask(TaskFields, row), campaigns: row.campaigns }));
}

interface ResourceTableProps {
  projectId: string;
  firstPageRows: Task[];
  /** Open the first resource's SDK details once the rows are here (a project just created). */
  openSdkDetails?: boolean;
  onSdkDetailsOpened?: () => void;
  range: { from: number; to: number };
  pages: number;
  onShowMore: () => void;
  onPage: (page: number) => void;
  onChanged: () => void;
  /** 'Add New Campaign' on a resource without campaigns. */
  onAddCampaign: (task: Task) => void;
}

/** Resource table: Resource name, Type, Link, Status, SDK, Campaign and actions; cards on phones. */
export function ResourceTable({
  projectId,
  firstPageRows,
  range,
  pages,
  onShowMore,
  onPage,
  onChanged,
  onAddCampaign,
  openSdkDetails = false,
  onSdkDetailsOpened,
}: ResourceTableProps) {
  const [details, setDetails] = useState<Task | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const firstRow = firstPageRows[0];
  const sdkOpened = useRef(false);
  useEffect(() => {
    if (!openSdkDetails || !firstRow || sdkOpened.current) return;
    sdkOpened.current = true;
    setDetails(firstRow);
    onSdkDetailsOpened?.();
  }, [openSdkDetails, firstRow, onSdkDetailsOpened]);
  const extraPages: number[] = [];
  for (let p = range.from + 1; p <= range.to; p++) extraPages.push(p);
  const rowProps = { projectId, onDetails: setDetails, onDelete: setDeleting, onAddCampaign };
  // Phones get cards: the table needs 1040 px and would cut names and hide the row menu.
  const [wide] = useMediaQuery(['(min-width: 48rem)'], { ssr: false });

  return (
    <Stack gap="4">
      {!wide ? (
        <Stack gap="3" data-testid="resource-cards">
          {firstPageRows.map((task) => (
            <ResourceCard key={task.id} task={task} {...rowProps} />
          ))}
          {extraPages.map((page) => (
            <PageRows key={page} page={page} cards {...rowProps} />
          ))}
        </Stack>
      ) : (
        // A grid track of minmax(0, 1fr) keeps the wide table from widening the page: it scrolls.
        <Box display="grid" gridTemplateColumns="minmax(0, 1fr)">
          <Table.ScrollArea
            position="relative"
            borderWidth="1px"
            borderRadius="xl"
            data-scroll-restoration-id="resource-table"
          >
            <Table.Root size="md" minW="1040px" data-testid="resource-table" interactive>
              <ResourceTableHead />
              <Table.Body>
                {firstPageRows.map((task) => (
                  <ResourceRow key={task.id} task={task} {...rowProps} />
                ))}
                {extraPages.map((page) => (
                  <PageRows key={page} page={page} {...rowProps} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Box>
      )}
      {pages > 1 && (
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align="center" gap="3">
          {range.to < pages ? (
            <Button variant="outline" onClick={onShowMore}>
              <Trans>Show more</Trans>
            </Button>
          ) : (
            <span />
          )}
          <Pagination label={t`Resource pages`} current={range} pages={pages} onPage={onPage} />
        </Stack>
      )}
      <SdkDetailsDialog projectId={projectId} task={details} onClose={() => setDetails(null)} />
      <DeleteResourceDialog
        projectId={projectId}
        task={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={onChanged}
      />
    </Stack>
  );
}

function PageRows({
  page,
  projectId,
  cards = false,
  ...rest
}: {
  page: number;
  projectId: string;
  cards?: boolean;
  onDetails: (task: Task) => void;
  onDelete: (task: Task) => void;
  onAddCampaign: (task: Task) => void;
}) {
  const { data } = useQuery(ProjectTasksQuery, { variables: { projectId, page, limit: RESOURCE_PAGE_SIZE } });
  if (!data) {
    if (cards) return <Skeleton h="40" borderRadius="xl" />;
    return (
      <Table.Row>
        <Table.Cell colSpan={7}>
          <Skeleton h="8" />
        </Table.Cell>
      </Table.Row>
    );
  }
  return (
    <>
      {resourceRows(data.projectTasks.data).map((task) =>
        cards ? (
          <ResourceCard key={task.id} task={task} projectId={projectId} {...rest} />
        ) : (
          <ResourceRow key={task.id} task={task} projectId={projectId} {...rest} />
        ),
      )}
    </>
  );
}

function ResourceRow({
  task,
  projectId,
  onDetails,
  onDelete,
  onAddCampaign,
}: {
  task: Task;
  projectId: string;
  onDetails: (task: Task) => void;
  onDelete: (task: Task) => void;
  onAddCampaign: (task: Task) => void;
}) {
  return (
    <Table.Row data-testid="resource-row" data-task-id={task.id} data-title={task.title}>
      <Table.Cell>
        <HStack gap="3" maxW="64">
          <Avatar.Root size="sm" shape="rounded">
            <Avatar.Image src={task.logo} alt="" />
            <Avatar.Fallback name={task.title} />
          </Avatar.Root>
          <Text fontWeight="medium" truncate title={task.title}>
            {task.title}
          </Text>
        </HStack>
      </Table.Cell>
      <Table.Cell>{task.isMiniApp ? t`${typeLabels[task.type]} (mini app)` : typeLabels[task.type]}</Table.Cell>
      <Table.Cell maxW="56">
        <ChakraLink href={task.url} target="_blank" rel="noreferrer" color="brand.fg" display="block" truncate>
          {task.url.replace(/^https?:\/\//, '')}
        </ChakraLink>
      </Table.Cell>
      <Table.Cell data-testid="resource-status-cell">
        <ResourceStatusBadge task={task} />
      </Table.Cell>
      <Table.Cell data-testid="sdk-cell">
        <SdkCell task={task} projectId={projectId} onDetails={() => onDetails(task)} />
      </Table.Cell>
      <Table.Cell data-testid="campaign-cell">
        <CampaignCell task={task} onAdd={() => onAddCampaign(task)} />
      </Table.Cell>
      <Table.Cell textAlign="end">
        <ResourceMenu task={task} onDetails={onDetails} onDelete={onDelete} />
      </Table.Cell>
    </Table.Row>
  );
}

function ResourceMenu({
  task,
  onDetails,
  onDelete,
}: {
  task: Task;
  onDetails: (task: Task) => void;
  onDelete: (task: Task) => void;
}) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t`Actions for ${task.title}`}>
          <EllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="sdk" onSelect={() => onDetails(task)}>
              <Info size={14} /> <Trans>SDK details</Trans>
            </Menu.Item>
            <Menu.Item value="delete" color="fg.error" onSelect={() => onDelete(task)}>
              <Trash2 size={14} /> <Trans>Delete</Trans>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** A resource on a phone: the row's fields stacked in a card, nothing cut off. */
function ResourceCard({
  task,
  projectId,
  onDetails,
  onDelete,
  onAddCampaign,
}: {
  task: Task;
  projectId: string;
  onDetails: (task: Task) => void;
  onDelete: (task: Task) => void;
  onAddCampaign: (task: Task) => void;
}) {
  const field = (label: string, value: ReactNode, testId?: string) => (
    <HStack justify="space-between" align="flex-start" gap="3" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted" flexShrink={0}>
        {label}
      </Text>
      <Box textAlign="end" minW="0">
        {value}
      </Box>
    </HStack>
  );
  return (
    <Card.Root size="sm" data-testid="resource-row" data-task-id={task.id} data-title={task.title}>
      <Card.Body gap="3">
        <HStack gap="3" align="flex-start">
          <Avatar.Root size="sm" shape="rounded">
            <Avatar.Image src={task.logo} alt="" />
            <Avatar.Fallback name={task.title} />
          </Avatar.Root>
          <Stack gap="0" flex="1" minW="0">
            <Text fontWeight="medium" wordBreak="break-word">
              {task.title}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {task.isMiniApp ? t`${typeLabels[task.type]} (mini app)` : typeLabels[task.type]}
            </Text>
          </Stack>
          <ResourceMenu task={task} onDetails={onDetails} onDelete={onDelete} />
        </HStack>
        {field(
          t`Link`,
          <ChakraLink href={task.url} target="_blank" rel="noreferrer" color="brand.fg" wordBreak="break-all">
            {task.url.replace(/^https?:\/\//, '')}
          </ChakraLink>,
        )}
        {field(t`Status`, <ResourceStatusBadge task={task} />, 'resource-status-cell')}
        {field('SDK', <SdkCell task={task} projectId={projectId} onDetails={() => onDetails(task)} />, 'sdk-cell')}
        <Stack gap="1" data-testid="campaign-cell">
          <Text fontSize="sm" color="fg.muted">
            <Trans>Campaign</Trans>
          </Text>
          <CampaignCell task={task} onAdd={() => onAddCampaign(task)} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ResourceStatusBadge({ task }: { task: Task }) {
  const status = resourceStatus(task.campaigns.map((c) => c.status));
  const look = campaignStatus[status];
  return (
    <Badge colorPalette={look.colorPalette} variant="subtle" data-testid="resource-status" data-status={status}>
      {look.label}
    </Badge>
  );
}

/** 'No Campaign' with 'Add New Campaign', or the resource's campaigns with their status. */
function CampaignCell({ task, onAdd }: { task: Task; onAdd: () => void }) {
  if (task.campaigns.length === 0) {
    return (
      <Stack gap="1" align="flex-start">
        <Text fontSize="sm" color="fg.muted">
          <Trans>No Campaign</Trans>
        </Text>
        <Button size="xs" variant="outline" colorPalette="brand" onClick={onAdd}>
          <Plus /> <Trans>Add New Campaign</Trans>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="1" align="flex-start" maxW="56">
      {task.campaigns.map((c) => (
        <HStack key={c.id} gap="2" minW="0" maxW="full">
          <ChakraLink asChild color="brand.fg" fontSize="sm" minW="0">
            <Link to="/advertiser/campaign">
              <Text as="span" truncate title={c.name}>
                {c.name}
              </Text>
            </Link>
          </ChakraLink>
          <CampaignStatusBadge status={c.status} size="sm" flexShrink={0} />
        </HStack>
      ))}
    </Stack>
  );
}

/**
 * 'SDK Active' (opens the details), or 'Check SDK': before a check the resource is simply not
 * set up yet ('SDK not set up'); a check that finds nothing says 'SDK Failed'.
 */
function SdkCell({ task, projectId, onDetails }: { task: Task; projectId: string; onDetails: () => void }) {
  const client = useApolloClient();
  const [verify] = useMutation(VerifyTaskMutation);
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);

  if (task.isVerifiedSource) {
    return (
      <Button size="xs" variant="subtle" colorPalette="green" onClick={onDetails} data-testid="sdk-active">
        <Trans>SDK Active</Trans>
      </Button>
    );
  }

  const check = async () => {
    setChecking(true);
    try {
      let verified: boolean;
      if (task.type === 'BOT') {
        // Bots verify themselves through the SDK event; checking re-reads the resource.
        verified = (await readTask(projectId, task.id)).isVerifiedSource;
        if (verified) {
          client.cache.modify({
            id: client.cache.identify({ __typename: 'Task', id: task.id }),
            fields: { isVerifiedSource: () => true },
          });
        }
      } else {
        const { data } = await verify({ variables: { projectId, taskId: task.id } });
        verified = Boolean(data?.verifyTask.isVerifiedSource);
      }
      setFailed(!verified);
      if (verified) notifySuccess(t`SDK successfully activated`);
      else notifyError(t`SDK not activated`);
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setChecking(false);
    }
  };

  return (
    <HStack gap="2" wrap="nowrap">
      {failed ? (
        <Badge colorPalette="red" variant="subtle" data-testid="sdk-failed">
          <Trans>SDK Failed</Trans>
        </Badge>
      ) : (
        <Badge colorPalette="gray" variant="subtle" data-testid="sdk-not-set-up">
          {/* A channel or chat needs no SDK: the system bot as its administrator is what is checked. */}
          {task.type === 'CHANNEL' || task.type === 'CHAT' ? t`Bot not an admin yet` : t`SDK not set up`}
        </Badge>
      )}
      <Button size="xs" variant="outline" loading={checking} onClick={() => void check()}>
        <Trans>Check SDK</Trans>
      </Button>
      <IconButton size="xs" variant="ghost" aria-label={t`How to set up the SDK for ${task.title}`} onClick={onDetails}>
        <Info />
      </IconButton>
    </HStack>
  );
}

function ResourceTableHead() {
  const headers = [
    t`Resource name`,
    t`Type`,
    t`Link`,
    t`Status`,
    t`SDK`,
    t({ message: 'Campaign', context: 'one campaign' }),
  ];
  return (
    <Table.Header>
      <Table.Row bg="bg.subtle">
        {headers.map((header) => (
          <Table.ColumnHeader key={header}>{header}</Table.ColumnHeader>
        ))}
        <Table.ColumnHeader textAlign="end">
          <Box as="span" srOnly>
            <Trans>Actions</Trans>
          </Box>
        </Table.ColumnHeader>
      </Table.Row>
    </Table.Header>
  );
}
