import { Badge } from '@chakra-ui/react/badge';
import type { TransactionStatus } from '../../gql/graphql';
import { transactionStatus } from './status';

export function StatusBadge({ status }: { status: TransactionStatus }) {
  const look = transactionStatus[status];
  return (
    <Badge
      colorPalette={look.colorPalette}
      variant="subtle"
      data-testid="transaction-status"
      data-status={status}
      data-palette={look.colorPalette}
    >
      {look.label}
    </Badge>
  );
}
