import { Card } from '@chakra-ui/react/card';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/money';

/** One balance figure: label, amount (2 decimals, `$`) and an optional hint. */
export function BalanceCard({
  label,
  amount,
  hint,
  testId,
  emphasized,
}: {
  label: string;
  amount: string | undefined;
  hint?: ReactNode;
  testId?: string;
  emphasized?: boolean;
}) {
  return (
    <Card.Root size="sm" flex="1" minW="40" variant={emphasized ? 'subtle' : 'outline'}>
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        {amount === undefined ? (
          <Skeleton h="8" w="28" />
        ) : (
          <Text fontSize="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid={testId}>
            {formatMoney(amount)}
          </Text>
        )}
        {hint && (
          <Text fontSize="xs" color="fg.subtle">
            {hint}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
