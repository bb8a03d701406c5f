import { t } from '@lingui/core/macro';
import { formatCount } from '../../lib/locale';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Card } from '@chakra-ui/react/card';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Switch } from '@chakra-ui/react/switch';
import { Text } from '@chakra-ui/react/text';
import { Tooltip } from '@chakra-ui/react/tooltip';
import { createColumnHelper } from '@tanstack/react-table';
import { ArrowDownToLine, EllipsisVertical, Pencil, PlusCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CampaignRow_CampaignFragment } from '../../gql/graphql';
import { formatMoney, formatPrice } from '../../lib/money';
import { formatPrices, formatUsd } from './campaign';
import { CampaignStatusBadge } from './CampaignStatusBadge';
import { ResourceSummary } from './ResourceSummary';
import { LiveValue } from '../../components/ui/LiveValue';
import { Trans } from '@lingui/react/macro';

export type CampaignRow = CampaignRow_CampaignFragment;

export interface CampaignActions {
  onToggle: (campaign: CampaignRow, isActive: boolean) => void;
  onBudget: (mode: 'fund' | 'return', campaign: CampaignRow) => void;
  /** The campaign update modal. */
  onEdit: (campaign: CampaignRow) => void;
}

/** Switched on, but the server stopped it: its budget is below its lowest price. */
const waitsForBudget = (c: CampaignRow) => c.isActive && c.status === 'STOPPED';

/**
 * Status badge, plus why a campaign is not running and what to do: switched on but out of budget
 * (it runs again by itself once budget is added: the button opens Add budget), or in review.
 */
function StatusCell({ campaign, onBudget }: { campaign: CampaignRow; onBudget?: CampaignActions['onBudget'] }) {
  return (
    <Stack gap="0.5" align="flex-start">
      <CampaignStatusBadge status={campaign.status} />
      {waitsForBudget(campaign) && (
        <Stack gap="1" align="flex-start" data-testid="campaign-needs-budget">
          <Text fontSize="xs" color="fg.muted" maxW="48" whiteSpace="normal">
            <Trans>Out of budget: it runs again once you add budget</Trans>
          </Text>
          {onBudget && (
            <Button size="2xs" variant="outline" onClick={() => onBudget('fund', campaign)}>
              <PlusCircle /> <Trans>Add budget</Trans>
            </Button>
          )}
        </Stack>
      )}
      {campaign.status === 'MODERATION' && (
        <Text fontSize="xs" color="fg.muted" maxW="48" whiteSpace="normal" data-testid="campaign-in-review">
          <Trans>A moderator reviews your first campaign</Trans>
        </Text>
      )}
      {campaign.status === 'REJECTED' && campaign.rejectReason && (
        <Text fontSize="xs" color="fg.error" maxW="48" whiteSpace="normal" data-testid="campaign-reject-reason">
          {campaign.rejectReason}
        </Text>
      )}
    </Stack>
  );
}

function sortedPrices(campaign: CampaignRow) {
  return [...campaign.prices].sort((a, b) => a.tierLevel - b.tierLevel);
}

/** "0.15 $ / 0.10 $ / 0.05 $"; the tooltip names the tiers. */
function PricesCell({ campaign }: { campaign: CampaignRow }) {
  const prices = sortedPrices(campaign);
  return (
    <Tooltip.Root openDelay={200} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>
        <Text as="span" tabIndex={0} whiteSpace="nowrap" borderBottomWidth="1px" borderStyle="dotted" cursor="help">
          {formatPrices(prices)}
        </Text>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>
            {prices.map((p) => (
              <div key={p.tierLevel}>
                <Trans>
                  Tier {p.tierLevel}: {formatPrice(formatUsd(p.value))} per action
                </Trans>
              </div>
            ))}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

/**
 * The advertiser's switch: whether the campaign may run (its status says whether it does). A
 * rejected campaign cannot run, so its switch is off and locked; one out of budget keeps it on
 * and says it waits.
 */
function RunSwitch({ campaign, onToggle }: { campaign: CampaignRow; onToggle: CampaignActions['onToggle'] }) {
  const rejected = campaign.status === 'REJECTED';
  const inReview = campaign.status === 'MODERATION' && campaign.isActive;
  const title = rejected
    ? t`Rejected in review: this campaign cannot run`
    : waitsForBudget(campaign)
      ? t`On: it runs again as soon as it has budget`
      : inReview
        ? t`On: it runs once a moderator approves it`
        : undefined;
  return (
    <Switch.Root
      colorPalette="brand"
      checked={campaign.isActive && !rejected}
      disabled={rejected}
      onCheckedChange={(e) => onToggle(campaign, e.checked)}
      data-testid="campaign-active"
      title={title}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label srOnly>
        {rejected
          ? t`${campaign.name} was rejected and cannot run`
          : waitsForBudget(campaign)
            ? t`Run ${campaign.name} (waits for budget)`
            : inReview
              ? t`Run ${campaign.name} (waits for review)`
              : t`Run ${campaign.name}`}
      </Switch.Label>
    </Switch.Root>
  );
}

function RowMenu({
  campaign,
  onBudget,
  onEdit,
}: {
  campaign: CampaignRow;
  onBudget: CampaignActions['onBudget'];
  onEdit: CampaignActions['onEdit'];
}) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t`Actions for ${campaign.name}`}>
          <EllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="edit" onSelect={() => onEdit(campaign)}>
              <Pencil size={14} /> <Trans>Edit campaign</Trans>
            </Menu.Item>
            <Menu.Item
              value="fund"
              disabled={campaign.status === 'REJECTED'}
              onSelect={() => onBudget('fund', campaign)}
            >
              <PlusCircle size={14} /> <Trans>Add budget</Trans>
            </Menu.Item>
            <Menu.Item value="return" onSelect={() => onBudget('return', campaign)}>
              <ArrowDownToLine size={14} /> <Trans>Return budget</Trans>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function Conversions({ campaign }: { campaign: CampaignRow }) {
  return (
    <Stack gap="0" align="inherit">
      <LiveValue value={campaign.conversions}>{formatCount(campaign.conversions)}</LiveValue>
      <Text fontSize="xs" color="fg.muted">
        <Trans>
          <LiveValue value={campaign.todayConversions}>+{formatCount(campaign.todayConversions)}</LiveValue> today
        </Trans>
      </Text>
      {campaign.notNew > 0 && (
        <Text fontSize="xs" color="fg.muted" data-testid="campaign-not-new" title={t`Refused: the player was not new`}>
          <Trans>
            <LiveValue value={campaign.notNew}>{formatCount(campaign.notNew)}</LiveValue> not new, unpaid
          </Trans>
        </Text>
      )}
    </Stack>
  );
}

function Spend({ campaign }: { campaign: CampaignRow }) {
  return (
    <Stack gap="0" align="inherit">
      <LiveValue value={campaign.spend}>{formatMoney(campaign.spend)}</LiveValue>
      <Text fontSize="xs" color="fg.muted">
        <Trans>
          <LiveValue value={campaign.todaySpend}>{formatMoney(campaign.todaySpend)}</LiveValue> today
        </Trans>
      </Text>
    </Stack>
  );
}

const column = createColumnHelper<CampaignRow>();

/** Desktop columns of the campaign data table; the ids are the server's sort fields. */
export function campaignColumns({ onToggle, onBudget, onEdit }: CampaignActions) {
  return [
    column.accessor('name', {
      id: 'name',
      header: t({ message: 'Campaign', context: 'one campaign' }),
      cell: ({ row: { original: c } }) => (
        <Box maxW="56">
          <Text fontWeight="medium" truncate title={c.name}>
            {c.name}
          </Text>
          {c.dailyCap != null && (
            <Text fontSize="xs" color="fg.muted">
              {t`Up to ${formatCount(c.dailyCap)} a day`}
            </Text>
          )}
        </Box>
      ),
    }),
    column.display({
      id: 'resource',
      header: t`Resource`,
      cell: ({ row: { original: c } }) => (
        <Box maxW="56">
          <ResourceSummary task={c.task} size="xs" />
        </Box>
      ),
    }),
    column.accessor('status', {
      id: 'status',
      header: t`Status`,
      cell: (c) => <StatusCell campaign={c.row.original} onBudget={onBudget} />,
    }),
    column.display({ id: 'prices', header: t`Price per tier`, cell: (c) => <PricesCell campaign={c.row.original} /> }),
    column.accessor('budget', {
      id: 'budget',
      header: t`Budget left`,
      meta: { align: 'end' },
      cell: ({ row: { original: c } }) => (
        <Text as="span" fontWeight="medium" data-testid="campaign-budget">
          <LiveValue value={c.budget}>{formatMoney(c.budget)}</LiveValue>
        </Text>
      ),
    }),
    column.accessor('spend', {
      id: 'spend',
      header: t`Spend`,
      meta: { align: 'end' },
      cell: (c) => <Spend campaign={c.row.original} />,
    }),
    column.accessor('conversions', {
      id: 'conversions',
      header: t`Conversions`,
      meta: { align: 'end' },
      cell: (c) => (
        <Box data-testid="campaign-conversions">
          <Conversions campaign={c.row.original} />
        </Box>
      ),
    }),
    column.display({
      id: 'active',
      header: t`Run`,
      cell: (c) => <RunSwitch campaign={c.row.original} onToggle={onToggle} />,
    }),
    column.display({
      id: 'actions',
      header: () => (
        <Box as="span" srOnly>
          <Trans>Actions</Trans>
        </Box>
      ),
      meta: { align: 'end' },
      cell: (c) => <RowMenu campaign={c.row.original} onBudget={onBudget} onEdit={onEdit} />,
    }),
  ];
}

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="0.5" minW="0" data-testid={testId}>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
        {label}
      </Text>
      <Box fontWeight="medium">{children}</Box>
    </Stack>
  );
}

/** Phones: a card per campaign with the same facts; tiers are listed rather than in a tooltip. */
export function CampaignCards({ rows, onToggle, onBudget, onEdit }: { rows: CampaignRow[] } & CampaignActions) {
  return (
    <Stack gap="3" as="ul" listStyleType="none" data-testid="campaign-cards">
      {rows.map((c) => (
        <Card.Root as="li" key={c.id} variant="outline" data-testid="campaign-row" data-campaign-id={c.id}>
          <Card.Body gap="4" p="4">
            <HStack justify="space-between" align="flex-start" gap="2">
              <Stack gap="1.5" minW="0">
                <Text fontWeight="semibold" truncate title={c.name}>
                  {c.name}
                </Text>
                <ResourceSummary task={c.task} size="xs" />
              </Stack>
              <RowMenu campaign={c} onBudget={onBudget} onEdit={onEdit} />
            </HStack>
            <HStack justify="space-between" align="flex-start">
              <StatusCell campaign={c} onBudget={onBudget} />
              <HStack gap="2">
                <Text fontSize="sm" color="fg.muted" aria-hidden>
                  <Trans>Run</Trans>
                </Text>
                <RunSwitch campaign={c} onToggle={onToggle} />
              </HStack>
            </HStack>
            <SimpleGrid columns={2} gap="3">
              <Stat label={t`Budget left`} testId="campaign-budget">
                <LiveValue value={c.budget}>{formatMoney(c.budget)}</LiveValue>
              </Stat>
              <Stat label={t`Spend`}>
                <Spend campaign={c} />
              </Stat>
              <Stat label={t`Conversions`} testId="campaign-conversions">
                <Conversions campaign={c} />
              </Stat>
              <Stat label={t`Price per action`}>
                <Stack gap="0" fontSize="sm" fontWeight="normal">
                  {sortedPrices(c).map((p) => (
                    <Text key={p.tierLevel} whiteSpace="nowrap">
                      <Text as="span" color="fg.muted">
                        <Trans>Tier {p.tierLevel}:</Trans>
                      </Text>{' '}
                      {formatPrice(formatUsd(p.value))}
                    </Text>
                  ))}
                </Stack>
              </Stat>
            </SimpleGrid>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
