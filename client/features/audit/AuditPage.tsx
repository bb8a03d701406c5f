import { plural, t } from '@lingui/core/macro';
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
import { actionColor, actorName, describeChange } from './auditChange';
import { isForbidden, serverError } from '../../lib/serverError';
import { pageHeadings } from '../../lib/pageHeadings';
import { StaffForbidden } from '../security/StaffForbidden';
import { Trans } from '@lingui/react/macro';

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
  get WITHDRAWAL_REQUESTED() {
    return t`Withdrawal requested`;
  },
  get WITHDRAWAL_APPROVAL_GIVEN() {
    return t`Withdrawal: first of two approvals`;
  },
  get WITHDRAWAL_APPROVED() {
    return t`Withdrawal approved`;
  },
  get WITHDRAWAL_AUTO_APPROVED() {
    return t`Withdrawal approved by the rule`;
  },
  get WITHDRAWAL_REJECTED() {
    return t`Withdrawal rejected`;
  },
  get WITHDRAWAL_SETTLED_FROM_CHAIN() {
    return t`Withdrawal found paid on chain`;
  },
  get PAYOUTS_LIMIT_REACHED() {
    return t`Payouts held at a limit`;
  },
  get PAYOUTS_LIMITS_LIFTED() {
    return t`Payout limits lifted for the day`;
  },
  get ROLE_GRANTED() {
    return t`Staff role granted`;
  },
  get ROLE_REVOKED() {
    return t`Staff role taken`;
  },
  get CAMPAIGN_CLAIMED() {
    return t`Campaign claimed`;
  },
  get CAMPAIGN_RELEASED() {
    return t`Campaign released`;
  },
  get CAMPAIGN_APPROVED() {
    return t`Campaign approved`;
  },
  get CAMPAIGN_REJECTED() {
    return t`Campaign rejected`;
  },
  get REPORT_CLAIMED() {
    return t`Report claimed`;
  },
  get REPORT_RELEASED() {
    return t`Report released`;
  },
  get REPORT_RESOLVED() {
    return t`Report resolved`;
  },
  get REPORT_REJECTED() {
    return t`Report rejected`;
  },
  get REGISTRATION_APPROVED() {
    return t`Registration approved`;
  },
  get REGISTRATION_DECLINED() {
    return t`Registration declined`;
  },
  get SETTING_CHANGED() {
    return t`Setting changed`;
  },
  get ACCOUNT_TELEGRAM_LINKED() {
    return t`Telegram linked`;
  },
  get ACCOUNT_TELEGRAM_UNLINKED() {
    return t`Telegram unlinked`;
  },
  get ACCOUNT_FACTOR_ADDED() {
    return t`Second factor added`;
  },
  get ACCOUNT_FACTOR_REMOVED() {
    return t`Second factor removed`;
  },
  get ACCOUNT_RECOVERY_CODES_RENEWED() {
    return t`Recovery codes renewed`;
  },
  get ACCOUNT_PASSWORD_CHANGED() {
    return t`Password changed`;
  },
  get ACCOUNT_PASSWORD_RESET() {
    return t`Password reset by e-mail`;
  },
  get ACCOUNT_NOT_ME() {
    return t`“This was not me”`;
  },
  get ACCOUNT_PAYOUT_ADDRESS_SAVED() {
    return t`Payout address saved`;
  },
  get ACCOUNT_PAYOUT_ADDRESS_REMOVED() {
    return t`Payout address removed`;
  },
  get ACCOUNT_EMAIL_CHANGED() {
    return t`E-mail changed`;
  },
};

const OBJECT_LABELS: Record<AuditObjectType, string> = {
  get WITHDRAWAL() {
    return t`Withdrawal`;
  },
  get USER() {
    return t`Account`;
  },
  get CAMPAIGN() {
    return t({ message: 'Campaign', context: 'one campaign' });
  },
  get REPORT() {
    return t`Player report`;
  },
  get REGISTRATION() {
    return t`Registration`;
  },
  get SETTING() {
    return t`Setting`;
  },
};

/** The action's filter value as the REST export takes it (`withdrawal.approved`). */
export const restAction = (a: AuditAction) => a.toLowerCase().replace('_', '.');

export { describeChange } from './auditChange';

const column = createColumnHelper<AuditRow>();

// Made at render: the headers in the reader's language.
const columns = () => [
  column.accessor('seq', { id: 'seq', header: '#', cell: (c) => c.getValue() }),
  column.accessor('at', {
    id: 'at',
    header: t`When`,
    enableSorting: false,
    cell: (c) => <time dateTime={c.getValue()}>{formatShortDate(c.getValue())}</time>,
  }),
  column.display({ id: 'actor', header: t`Who`, cell: (c) => <Who e={c.row.original} /> }),
  column.display({ id: 'action', header: t`What`, cell: (c) => <What e={c.row.original} /> }),
  column.display({ id: 'change', header: t`Before → after`, cell: (c) => <Change e={c.row.original} /> }),
];

function Who({ e }: { e: AuditRow }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" lineClamp={1}>
        {actorName(e.actor)}
      </Text>
      {e.ip && (
        <Text fontSize="xs" color="fg.muted">
          <Trans>from {e.ip}</Trans>
        </Text>
      )}
    </Stack>
  );
}

function What({ e }: { e: AuditRow }) {
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge size="sm" variant="subtle" colorPalette={actionColor(e.action)}>
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
      {before && (
        <Text color="fg.muted">
          <Trans>Before: {before}</Trans>
        </Text>
      )}
      {after && (
        <Text wordBreak="break-word">
          {before ? t`After: ` : ''}
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
  const tableColumns = useMemo(columns, []);
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
    return <StaffForbidden page={t`Audit`} who={t`finance staff and staff administrators`} error={error} />;
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
        label={t`Audit trail`}
        testId="audit-table"
        columns={tableColumns}
        data={current?.auditEvents.data}
        totalCount={total}
        loading={loading}
        error={error ? serverError(error).message : null}
        onRetry={() => void refetch()}
        state={state}
        onStateChange={setState}
        searchPlaceholder={t`Who, what or #id`}
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
          label={t`Person`}
          testId="audit-actor"
          value={p.actorId}
          onChange={p.onActor}
          options={[{ value: '', label: t`Everybody` }, ...p.actors.map((a) => ({ value: a.id, label: a.email }))]}
        />
        <TableFilter
          label={t`Action`}
          testId="audit-action"
          value={p.action}
          onChange={(v) => p.onAction(v as AuditAction | '')}
          options={[
            { value: '', label: t`Every action` },
            ...Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <TableFilter
          label={t`Object`}
          testId="audit-object"
          value={p.objectType}
          onChange={(v) => p.onObjectType(v as AuditObjectType | '')}
          options={[
            { value: '', label: t`Every object` },
            ...Object.entries(OBJECT_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
      </HStack>
      <HStack gap="3">
        <Text fontSize="sm" color="fg.muted" data-testid="audit-total">
          {plural(p.total, { one: '# entry', other: '# entries' })}
        </Text>
        <CsvButton path={p.csvPath} variant="ghost" />
      </HStack>
    </HStack>
  );
}
