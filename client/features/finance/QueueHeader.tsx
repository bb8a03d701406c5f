import { plural, t } from '@lingui/core/macro';
import { Button } from '@chakra-ui/react/button';
import { SegmentGroup } from '@chakra-ui/react/segment-group';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { CheckCheck } from 'lucide-react';
import { CsvButton } from '../../components/ui/CsvButton';
import type { TransactionStatus } from '../../gql/graphql';
import { Trans } from '@lingui/react/macro';

/** The queue's status filter, its count and its CSV export. */
export function QueueHeader({
  status,
  total,
  requested,
  approving,
  onApproveAll,
  csvPath,
  onStatus,
}: {
  status: TransactionStatus;
  total: number;
  /** Requested withdrawals on this page (approved together by the button). */
  requested: number;
  approving: boolean;
  onApproveAll: () => void;
  csvPath: string;
  onStatus: (status: TransactionStatus) => void;
}) {
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <SegmentGroup.Root
        value={status}
        onValueChange={(e) => onStatus(e.value as TransactionStatus)}
        size="sm"
        aria-label={t`Status`}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={queueFilters} />
      </SegmentGroup.Root>
      <HStack gap="3" wrap="wrap">
        {requested > 1 && (
          <Button size="sm" colorPalette="green" variant="subtle" loading={approving} onClick={onApproveAll}>
            <Trans>
              <CheckCheck /> Approve {requested} requested
            </Trans>
          </Button>
        )}
        <Text fontSize="sm" color="fg.muted" data-testid="withdrawal-queue-total">
          {plural(total, { one: '# withdrawal', other: '# withdrawals' })}
        </Text>
        <CsvButton path={csvPath} variant="ghost" />
      </HStack>
    </HStack>
  );
}

export const queueFilters: Array<{ value: TransactionStatus; label: string }> = [
  {
    value: 'IN_PROGRESS',
    get label() {
      return t`In progress`;
    },
  },
  {
    value: 'DONE',
    get label() {
      return t`Done`;
    },
  },
  {
    value: 'FAILED',
    get label() {
      return t`Failed`;
    },
  },
];
