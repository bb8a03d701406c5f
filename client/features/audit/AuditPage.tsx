import { useQuery } from '@apollo/client/react';
import { Badge } from '@chakra-ui/react/badge';
import { Card } from '@chakra-ui/react/card';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { CsvButton } from '../../components/ui/CsvButton';
import {
  DataTable,
  initialTableState,
  TableFilter,
  type TableState,
  tableQueryString,
  tableVariables,
} from '../../components/ui/DataTable';
import { Page } from '../../components/ui/Page';
import { graphql } from '../../gql';
import type { AuditAction, AuditEventsQuery as AuditData, AuditObjectType, AuditSortField } from '../../gql/graphql';
import { formatShortDate } from '../../lib/dates';
import { isForbidden, serverError } from '../../lib/serverError';
import { pageHeadings } from '../../lib/pageHeadings';
import { StaffForbidden } from '../security/StaffForbidden';

const PAGE_SIZE = 20;

const AuditEventsQuery = graphql(`
  query AuditEvents(
    $page: Int!
    $size: Int
    $sortField: AuditSortField
    $sortOrder: SortOrder
    $filters: AuditFilters
    $search: String
  ) {
    auditEvents(
      page: $page
      size: $size
      sortField: $sortField
      sortOrder: $sortOrder
      filters: $filters
      search: $search
    ) {
      totalCount
      data {
        seq
        at
        actorId
        actor
        action
        objectType
        objectId
        before
        after
        ip
        hash
      }
    }
  }
`);

const AuditActorsQuery = graphql(`
  query AuditActors {
    auditActors {
      id
      email
    }
  }
`);

type AuditRow = AuditData['auditEvents']['data'][number];

/** What each action reads as on the page (the API's names are in the CSV). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  WITHDRAWAL_REQUESTED: 'Withdrawal requested',
  WITHDRAWAL_APPROVAL_GIVEN: 'Withdrawal: first of two approvals',
  WITHDRAWAL_APPROVED: 'Withdrawal approved',
  WITHDRAWAL_AUTO_APPROVED: 'Withdrawal approved by the rule',
  WITHDRAWAL_REJECTED: 'Withdrawal rejected',
  WITHDRAWAL_SETTLED_FROM_CHAIN: 'Withdrawal found paid on chain',
  PAYOUTS_LIMIT_REACHED: 'Payouts held at a limit',
  PAYOUTS_LIMITS_LIFTED: 'Payout limits lifted for the day',
  ROLE_GRANTED: 'Staff role granted',
  ROLE_REVOKED: 'Staff role taken',
  CAMPAIGN_CLAIMED: 'Campaign claimed',
  CAMPAIGN_RELEASED: 'Campaign released',
  CAMPAIGN_APPROVED: 'Campaign approved',
  CAMPAIGN_REJECTED: 'Campaign rejected',
  REPORT_CLAIMED: 'Report claimed',
  REPORT_RELEASED: 'Report released',
  REPORT_RESOLVED: 'Report resolved',
  REPORT_REJECTED: 'Report rejected',
  REGISTRATION_APPROVED: 'Registration approved',
  REGISTRATION_DECLINED: 'Registration declined',
  SETTING_CHANGED: 'Setting changed',
};

const OBJECT_LABELS: Record<AuditObjectType, string> = {
  WITHDRAWAL: 'Withdrawal',
  USER: 'Account',
  CAMPAIGN: 'Campaign',
  REPORT: 'Player report',
  REGISTRATION: 'Registration',
  SETTING: 'Setting',
};

/** The action's filter value as the REST export takes it (`withdrawal.approved`). */
export const restAction = (a: AuditAction) => a.toLowerCase().replace('_', '.');

/** A JSON object's fields as "key: value" pairs, one line (the table's before → after). */
export function describeChange(json: string | null | undefined): string {
  if (!json) return '';
  const value = JSON.parse(json) as unknown;
  if (!value || typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

const column = createColumnHelper<AuditRow>();

const columns = [
  column.accessor('seq', { id: 'seq', header: '#', cell: (c) => c.getValue() }),
  column.accessor('at', {
    id: 'at',
    header: 'When',
    enableSorting: false,
    cell: (c) => <time dateTime={c.getValue()}>{formatShortDate(c.getValue())}</time>,
  }),
  column.display({ id: 'actor', header: 'Who', cell: (c) => <Who e={c.row.original} /> }),
  column.display({ id: 'action', header: 'What', cell: (c) => <What e={c.row.original} /> }),
  column.display({ id: 'change', header: 'Before → after', cell: (c) => <Change e={c.row.original} /> }),
];

function Who({ e }: { e: AuditRow }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" lineClamp={1}>
        {e.actor}
      </Text>
      {e.ip && (
        <Text fontSize="xs" color="fg.muted">
          from {e.ip}
        </Text>
      )}
    </Stack>
  );
}

function What({ e }: { e: AuditRow }) {
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge size="sm" variant="subtle" colorPalette={e.action.startsWith('WITHDRAWAL') ? 'green' : 'gray'}>
        {ACTION_LABELS[e.action]}
      </Badge>
      <Text fontSize="xs" color="fg.muted">
        {OBJECT_LABELS[e.objectType]} {e.objectType === 'SETTING' ? e.objectId : `#${e.objectId}`}
      </Text>
    </Stack>
  );
}

function Change({ e }: { e: AuditRow }) {
  const before = describeChange(e.before);
  const after = describeChange(e.after);
  return (
    <Stack gap="0" maxW="lg" fontSize="xs" data-testid="audit-change">
      {before && <Text color="fg.muted">Before: {before}</Text>}
      {after && (
        <Text wordBreak="break-word">
          {before ? 'After: ' : ''}
          {after}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Finance staff and staff administrators: the audit trail, newest first, filtered by person,
 * action and object, with its CSV. Nobody can edit it: the database refuses changes and each
 * row carries the hash of the row before (`npm run audit:verify`).
 */
export function AuditPage() {
  const [state, setState] = useState<TableState<AuditSortField>>(() => initialTableState({ size: PAGE_SIZE }));
  const [actorId, setActorId] = useState('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const [objectType, setObjectType] = useState<AuditObjectType | ''>('');
  const filters = useMemo(
    () => ({
      ...(actorId ? { actorId } : {}),
      ...(action ? { action: [action] } : {}),
      ...(objectType ? { objectType } : {}),
    }),
    [actorId, action, objectType],
  );
  const events = useQuery(AuditEventsQuery, {
    variables: { ...tableVariables(state), filters },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const actors = useQuery(AuditActorsQuery).data?.auditActors ?? [];
  const { data, previousData, loading, error, refetch } = events;
  const current = data ?? previousData;
  if (error && isForbidden(error)) {
    return <StaffForbidden page="Audit" who="finance staff and staff administrators" error={error} />;
  }
  const total = current?.auditEvents.totalCount ?? 0;
  const page1 = (set: () => void) => {
    set();
    setState((s) => ({ ...s, page: 1 }));
  };
  const restFilters = {
    ...(actorId ? { actorId: Number(actorId) } : {}),
    ...(action ? { action: restAction(action) } : {}),
    ...(objectType ? { objectType: objectType.toLowerCase() } : {}),
  };
  return (
    <Page {...pageHeadings['/audit']}>
      <AuditToolbar
        actors={actors}
        actorId={actorId}
        action={action}
        objectType={objectType}
        onActor={(v) => page1(() => setActorId(v))}
        onAction={(v) => page1(() => setAction(v))}
        onObjectType={(v) => page1(() => setObjectType(v))}
        total={total}
        csvPath={`/v1/audit.csv${tableQueryString(state, restFilters)}`}
      />
      <DataTable<AuditRow, AuditSortField>
        label="Audit trail"
        testId="audit-table"
        columns={columns}
        data={current?.auditEvents.data}
        totalCount={total}
        loading={loading}
        error={error ? serverError(error).message : null}
        onRetry={() => void refetch()}
        state={state}
        onStateChange={setState}
        searchPlaceholder="Who, what or #id"
        getRowId={(e) => String(e.seq)}
        rowProps={(e) => ({ 'data-testid': 'audit-row', 'data-action': e.action })}
        minW="900px"
        cards={(rows) => (
          <Stack gap="3">
            {rows.map((e) => (
              <Card.Root key={e.seq} size="sm" variant="outline" data-testid="audit-row" data-action={e.action}>
                <Card.Body>
                  <Stack gap="2">
                    <HStack justify="space-between" align="flex-start">
                      <What e={e} />
                      <Text fontSize="xs" color="fg.muted">
                        #{e.seq} · <time dateTime={e.at}>{formatShortDate(e.at)}</time>
                      </Text>
                    </HStack>
                    <Who e={e} />
                    <Change e={e} />
                  </Stack>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
      />
    </Page>
  );
}

/** The trail's filters (person, action, object), its count and its CSV. */
function AuditToolbar(p: {
  actors: { id: string; email: string }[];
  actorId: string;
  action: AuditAction | '';
  objectType: AuditObjectType | '';
  onActor: (v: string) => void;
  onAction: (v: AuditAction | '') => void;
  onObjectType: (v: AuditObjectType | '') => void;
  total: number;
  csvPath: string;
}) {
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <HStack gap="3" wrap="wrap">
        <TableFilter
          label="Person"
          testId="audit-actor"
          value={p.actorId}
          onChange={p.onActor}
          options={[{ value: '', label: 'Everybody' }, ...p.actors.map((a) => ({ value: a.id, label: a.email }))]}
        />
        <TableFilter
          label="Action"
          testId="audit-action"
          value={p.action}
          onChange={(v) => p.onAction(v as AuditAction | '')}
          options={[
            { value: '', label: 'Every action' },
            ...Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <TableFilter
          label="Object"
          testId="audit-object"
          value={p.objectType}
          onChange={(v) => p.onObjectType(v as AuditObjectType | '')}
          options={[
            { value: '', label: 'Every object' },
            ...Object.entries(OBJECT_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
      </HStack>
      <HStack gap="3">
        <Text fontSize="sm" color="fg.muted" data-testid="audit-total">
          {p.total} {p.total === 1 ? 'entry' : 'entries'}
        </Text>
        <CsvButton path={p.csvPath} variant="ghost" />
      </HStack>
    </HStack>
  );
}
