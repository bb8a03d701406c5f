import { t } from '@lingui/core/macro';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert } from '@chakra-ui/react/alert';
import { Card } from '@chakra-ui/react/card';
import { Heading } from '@chakra-ui/react/heading';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Stack } from '@chakra-ui/react/stack';
import { Banknote } from 'lucide-react';
import { Page } from '../../components/ui/Page';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { graphql } from '../../gql';
import { addMoney, roundMoney } from '../../lib/money';
import type { WithdrawalValues } from './amountSchema';
import { BalanceCard } from './BalanceCard';
import { serverError } from '../../lib/serverError';
import { TransactionHistory } from './TransactionHistory';
import { WithdrawForm, type WithdrawResult } from './WithdrawForm';
import { PayoutAddressesCard, PayoutAddressesQuery } from './PayoutAddresses';
import { pageHeadings } from '../../lib/pageHeadings';
import { Trans } from '@lingui/react/macro';
import { useAccountAccess } from '../teams/useAccountAccess';

const WithdrawMeQuery = graphql(`
  query WithdrawMe {
    me {
      id
      publisherBalance
      publisherOnHoldBalance
    }
  }
`);

const RequestWithdrawalMutation = graphql(`
  mutation RequestWithdrawal($amount: Money!, $walletAddress: String!) {
    requestWithdrawal(amount: $amount, walletAddress: $walletAddress) {
      id
      ...TransactionRow_transaction
    }
  }
`);

/** Total publisher balance: available plus on hold, added exactly, 2 decimals. */
export function publisherTotal(available: string, onHold: string): string {
  return roundMoney(addMoney(available, onHold), 2);
}

/** Withdraw Money: balances, amount and wallet, Send Money, and the live history. */
export function WithdrawPage() {
  const access = useAccountAccess();
  const { data } = useQuery(WithdrawMeQuery);
  const saved = useQuery(PayoutAddressesQuery);
  const [requestWithdrawal] = useMutation(RequestWithdrawalMutation, {
    refetchQueries: ['Transactions'],
  });
  const me = data?.me;
  const total = me ? publisherTotal(me.publisherBalance, me.publisherOnHoldBalance) : undefined;

  const send = async (values: WithdrawalValues): Promise<WithdrawResult> => {
    try {
      await requestWithdrawal({ variables: values });
      notifySuccess(t`Withdraw request created`);
      return { ok: true };
    } catch (error) {
      const { message, field } = serverError(error);
      if (field === 'amount' || field === 'walletAddress') return { ok: false, field, message };
      notifyError(message);
      return { ok: false };
    }
  };

  return (
    <Page {...pageHeadings['/publisher/payments']}>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" wrap="wrap">
        <BalanceCard label={t`Available`} amount={me?.publisherBalance} testId="available-balance" emphasized />
        <BalanceCard
          label={t`On hold`}
          amount={me?.publisherOnHoldBalance}
          testId="hold-balance"
          hint={t`Recent earnings, available after the hold period`}
        />
        <BalanceCard label={t`Total`} amount={total} testId="total-balance" />
      </Stack>
      <Card.Root variant="outline">
        <Card.Body gap="4">
          <Heading as="h2" size="md">
            <Trans>Request a withdrawal</Trans>
          </Heading>
          <Alert.Root status="info" variant="subtle" borderRadius="md">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>
                <Trans>
                  Withdrawals are processed within up to 72 hours. The wallet must be a USDT wallet on TON. The first
                  withdrawal to an address you were never paid at is held before anyone can approve it: its row says
                  until when.
                </Trans>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          {!me || total === undefined ? (
            <Stack gap="3">
              <Skeleton h="10" />
              <Skeleton h="10" />
            </Stack>
          ) : (
            <WithdrawForm
              available={me.publisherBalance}
              onHold={me.publisherOnHoldBalance}
              onSubmit={send}
              saved={saved.data?.payoutAddresses}
              moneyBlocked={access.why('money')}
            />
          )}
        </Card.Body>
      </Card.Root>
      <PayoutAddressesCard />
      <TransactionHistory
        kind="WITHDRAWAL"
        title={t`Withdrawal history`}
        empty={{
          icon: <Banknote />,
          title: t`No withdrawals yet`,
          description: t`Your withdrawal requests and their statuses will be listed here.`,
        }}
      />
    </Page>
  );
}
