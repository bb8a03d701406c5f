import { useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react/button';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Spinner } from '@chakra-ui/react/spinner';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { CloudOff } from 'lucide-react';
import { useState } from 'react';
import { CsvButton } from '../../components/ui/CsvButton';
import { EmptyState } from '../../components/ui/EmptyState';
import { Page } from '../../components/ui/Page';
import { pageHeadings } from '../../lib/pageHeadings';
import { serverError } from '../../lib/serverError';
import type { ActivityObjectType } from '../../gql/graphql';
import { ActivityTable, OBJECT_NAMES, useLiveActivity } from './ActivityTable';
import { TeamQuery } from './teamsApi';
import { useAccountAccess } from './useAccountAccess';

const PAGE_SIZE = 20;

/**
 * The account's change history (the Activity page): who changed which campaign, app, project,
 * resource, price, budget, person or payout address, when, from where, and the fields before and
 * after; by person and kind of thing, newest first, as CSV too; live.
 */
export function ActivityPage() {
  const { t } = useLinguiMacro();
  const { _ } = useLingui();
  const heading = pageHeadings['/activity'];
  const { account } = useAccountAccess();
  const [userId, setUserId] = useState('');
  const [objectType, setObjectType] = useState<ActivityObjectType | ''>('');
  const [page, setPage] = useState(1);
  const accountId = account?.id ?? '0';
  const people = useQuery(TeamQuery, { variables: { accountId }, skip: !account });
  const { data, loading, error } = useLiveActivity(
    { accountId, page, limit: PAGE_SIZE, userId: userId || null, objectType: objectType || null },
    !account,
  );
  const rows = data?.activity.data ?? [];
  const total = data?.activity.total ?? 0;
  const csvQuery = new URLSearchParams({ ...(userId ? { userId } : {}), ...(objectType ? { objectType } : {}) });
  return (
    <Page
      title={heading.title}
      description={heading.description}
      actions={account && <CsvButton path={`/v1/accounts/${account.id}/activity.csv?${csvQuery}`} />}
    >
      <HStack gap="3" wrap="wrap">
        <NativeSelect.Root size="sm" maxW="60">
          <NativeSelect.Field
            aria-label={t`Person`}
            value={userId}
            onChange={(e) => (setUserId(e.target.value), setPage(1))}
          >
            <option value="">{t`Everyone`}</option>
            {(people.data?.members ?? []).map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="sm" maxW="60">
          <NativeSelect.Field
            aria-label={t`What changed`}
            value={objectType}
            onChange={(e) => (setObjectType(e.target.value as ActivityObjectType | ''), setPage(1))}
          >
            <option value="">{t`Everything`}</option>
            {(Object.keys(OBJECT_NAMES) as ActivityObjectType[]).map((k) => (
              <option key={k} value={k}>
                {_(OBJECT_NAMES[k])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Text fontSize="sm" color="fg.muted">
          <Trans>{total} changes</Trans>
        </Text>
      </HStack>
      {loading && !data ? (
        <Spinner />
      ) : error ? (
        <EmptyState
          icon={<CloudOff />}
          title={t`The activity could not be loaded`}
          description={serverError(error).message}
        />
      ) : rows.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No changes yet.</Trans>
        </Text>
      ) : (
        <ActivityTable rows={rows} />
      )}
      {total > PAGE_SIZE && (
        <HStack gap="2">
          <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
            <Trans>Newer</Trans>
          </Button>
          <Button size="sm" variant="outline" disabled={page * PAGE_SIZE >= total} onClick={() => setPage(page + 1)}>
            <Trans>Older</Trans>
          </Button>
        </HStack>
      )}
    </Page>
  );
}
