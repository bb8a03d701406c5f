import { plural, t } from '@lingui/core/macro';
import { formatDateTime } from '../../lib/dates';
import { Alert } from '@chakra-ui/react/alert';
import { useMutation } from '@apollo/client/react';
import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { Box } from '@chakra-ui/react/box';
import { Card } from '@chakra-ui/react/card';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { CopyButton } from '../../components/ui/CopyButton';
import { notifyError, notifySuccess } from '../../components/ui/toaster';
import { graphql } from '../../gql';
import type { PayoutWalletQuery as PayoutWalletQueryData } from '../../gql/graphql';
import { useLiveQuery } from '../../lib/live';
import { formatCount, isEnglishFormat, perLocale } from '../../lib/locale';
import { addMoney, amountIsolated, formatMoney, isPositiveMoney } from '../../lib/money';
import { serverError } from '../../lib/serverError';
import { Trans } from '@lingui/react/macro';

const PayoutWalletQuery = graphql(`
  query PayoutWallet {
    payoutWallet {
      network
      chain
      address
      ton
      usdt
      neededTon
      neededUsdt
      alert
      limit
      limitHit {
        kind
        sent
        max
        waiting
        waitingAmount
      }
      limitsSet
      limitsLifted
      explorer
      unmatched {
        withdrawalId
        txHash
        amount
        destination
        reason
        seenAt
        booked {
          status
          amount
          address
        }
      }
    }
  }
`);

const LiftPayoutLimitsMutation = graphql(`
  mutation LiftPayoutLimits {
    liftPayoutLimits {
      limit
      limitHit {
        kind
      }
      limitsLifted
    }
  }
`);

const PayoutWalletChangedSubscription = graphql(`
  subscription PayoutWalletChanged {
    payoutWalletChanged {
      address
    }
  }
`);

const tonFormat = perLocale(
  (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }),
);

/** What the approved withdrawals need of an asset, in the reader's language. */
function neededText(amount: string): string {
  return t`${amount} needed`;
}

type Wallet = NonNullable<PayoutWalletQueryData['payoutWallet']>;

/** The payout limit that holds withdrawals back, in the reader's language (else the server's English). */
function limitText(w: Wallet): string {
  const hit = w.limitHit;
  if (!hit || (hit.kind !== 'hour' && hit.kind !== 'day')) return w.limit ?? '';
  const sent = formatMoney(hit.sent);
  const max = formatMoney(hit.max);
  const count = formatCount(hit.waiting);
  const amount = formatMoney(hit.waitingAmount);
  const why =
    hit.kind === 'hour'
      ? t`Payouts wait: the hot wallet sent ${sent} in the last hour, the limit is ${max} (PAYOUT_MAX_PER_HOUR_USD).`
      : t`Payouts wait: the hot wallet sent ${sent} in the last 24 hours, the limit is ${max} (PAYOUT_MAX_PER_DAY_USD).`;
  return `${why} ${t`Approved withdrawals waiting in order: ${count} (${amount}). A finance person can lift the limits for the rest of the day.`}`;
}

/**
 * The wallet's shortfall, in the reader's language, from the figures the card shows (what the
 * approved withdrawals need less what it holds); the server's English when they show none.
 */
function shortfallText(w: Wallet): string {
  const usdt = addMoney(w.neededUsdt, `-${w.usdt}`);
  const ton = BigInt(w.neededTon) - BigInt(w.ton);
  const shortUsdt = isPositiveMoney(usdt) ? formatMoney(usdt) : null;
  const shortTon = ton > 0n ? formatTon(ton.toString()) : null;
  const address = w.address;
  if (shortUsdt && shortTon)
    return t`The hot wallet needs ${shortUsdt} in USDT and ${shortTon} for fees more than it holds. Send them to ${address}; nothing is sent until then.`;
  if (shortUsdt)
    return t`The hot wallet needs ${shortUsdt} in USDT more than it holds. Send it to ${address}; nothing is sent until then.`;
  if (shortTon)
    return t`The hot wallet needs ${shortTon} for fees more than it holds. Send it to ${address}; nothing is sent until then.`;
  return w.alert ?? '';
}

/**
 * Nanotons as TON to 3 decimals (fees are read, not paid, here): in English "1,234.500 TON", else
 * in the language's digits and marks.
 */
function formatTon(nano: string): string {
  const n = BigInt(nano);
  const whole = n / 1_000_000_000n;
  const milli = ((n % 1_000_000_000n) / 1_000_000n).toString().padStart(3, '0');
  if (isEnglishFormat()) return `${whole.toLocaleString('en-US')}.${milli} TON`;
  return amountIsolated(`${tonFormat().format(`${whole}.${milli}` as Intl.StringNumericLiteral)} TON`);
}

/**
 * The network's hot wallet that pays withdrawals: where it is, what it holds (USDT to pay, TON
 * for fees) against what the approved withdrawals need, live; the alert when it is short.
 */
export function PayoutWalletCard() {
  const { data, error } = useLiveQuery(
    PayoutWalletQuery,
    { fetchPolicy: 'cache-and-network' },
    { subscription: PayoutWalletChangedSubscription },
  );
  const w = data?.payoutWallet;
  if (error && !w) {
    return (
      <Alert.Root status="warning" data-testid="payout-wallet-error">
        <Alert.Indicator />
        <Alert.Title>
          <Trans>The payout wallet could not be read: {serverError(error).message}</Trans>
        </Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Card.Root variant="outline" data-testid="payout-wallet">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <HStack gap="2">
              <Text fontWeight="semibold">
                <Trans>Payout wallet</Trans>
              </Text>
              {w && (
                <Badge colorPalette={w.chain === 'sandbox' ? 'purple' : 'blue'} variant="subtle">
                  {w.chain === 'sandbox' ? t`Sandbox chain` : `TON ${w.network}`}
                </Badge>
              )}
            </HStack>
            {w && (
              <HStack gap="1" minW="0">
                <Box
                  fontFamily="mono"
                  fontSize="xs"
                  color="fg.muted"
                  wordBreak="break-all"
                  data-testid="payout-wallet-address"
                >
                  {w.address}
                </Box>
                <CopyButton value={w.address} label={t`Copy the payout wallet address`} />
              </HStack>
            )}
          </HStack>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Figure
              label={t`USDT to pay out`}
              value={w && formatMoney(w.usdt)}
              need={w && neededText(formatMoney(w.neededUsdt))}
              testId="payout-wallet-usdt"
            />
            <Figure
              label={t`TON for fees`}
              value={w && formatTon(w.ton)}
              need={w && neededText(formatTon(w.neededTon))}
              testId="payout-wallet-ton"
            />
          </SimpleGrid>
          {w?.limit && <LimitAlert message={limitText(w)} />}
          {w?.limitsSet && w.limitsLifted && (
            <Text fontSize="sm" color="fg.muted" data-testid="payout-limits-lifted">
              <Trans>The payout limits are lifted until the end of the day (UTC).</Trans>
            </Text>
          )}
          {!!w?.unmatched.length && <UnmatchedTransfers transfers={w.unmatched} explorer={w.explorer} />}
          {w?.alert && (
            <Alert.Root status="error" data-testid="payout-wallet-alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  <Trans>The payout wallet is short of funds</Trans>
                </Alert.Title>
                <Alert.Description>{shortfallText(w)}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Figure({ label, value, need, testId }: { label: string; value?: string; need?: string; testId: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Skeleton loading={!value} minH="7">
        <Text fontSize="xl" fontWeight="bold" fontVariantNumeric="tabular-nums" data-testid={testId}>
          {value}
        </Text>
      </Skeleton>
      <Text fontSize="xs" color="fg.muted">
        {need}
      </Text>
    </Stack>
  );
}

/** A payout limit holds approved withdrawals back: why, and the lift for the rest of the day (it asks for a fresh proof). */
function LimitAlert({ message }: { message: string }) {
  const [lift, { loading }] = useMutation(LiftPayoutLimitsMutation, { refetchQueries: ['PayoutWallet'] });
  return (
    <Alert.Root status="warning" data-testid="payout-limit">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <Trans>A payout limit is reached</Trans>
        </Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      <Button
        size="sm"
        variant="outline"
        alignSelf="center"
        loading={loading}
        onClick={async () => {
          try {
            await lift();
            notifySuccess(t`The payout limits are lifted until the end of the day`);
          } catch (e) {
            notifyError(serverError(e).message);
          }
        }}
      >
        <Trans>Lift for today</Trans>
      </Button>
    </Alert.Root>
  );
}

type Unmatched = Wallet['unmatched'][number];

/** Why a transfer settles no withdrawal, in the reader's language (the server's `reason` is its English). */
function unmatchedReason(transfer: Unmatched): string {
  const id = transfer.withdrawalId;
  const paid = formatMoney(transfer.amount);
  const to = transfer.destination;
  const booked = transfer.booked;
  if (!booked) return t`No withdrawal #${id} in the books (requested after a restore point?): it paid ${paid} to ${to}`;
  if (booked.status === 'DONE')
    return t`Withdrawal #${id} is already paid: a second transfer, it paid ${paid} to ${to}`;
  if (booked.status === 'FAILED') {
    return t`Withdrawal #${id} had already failed: a second transfer, it paid ${paid} to ${to}`;
  }
  const amount = formatMoney(booked.amount);
  const address = booked.address ?? t`no address`;
  return t`Withdrawal #${id} is for ${amount} to ${address}: it paid ${paid} to ${to}`;
}

/**
 * Paid transfers on chain that no withdrawal in the books explains (a database restored to
 * before them): the chain's evidence, for finance to reconcile by hand. The payout job never pays
 * them again.
 */
function UnmatchedTransfers({ transfers, explorer }: { transfers: Unmatched[]; explorer: string | null }) {
  return (
    <Alert.Root status="error" data-testid="payout-unmatched">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <Trans>Paid on chain, not in the books</Trans>
        </Alert.Title>
        <Alert.Description>
          <Stack gap="2" mt="1">
            <Text>
              {plural(transfers.length, {
                one: 'The hot wallet paid a transfer that no withdrawal here explains (the database was restored to before it?). Nothing is paid again; reconcile each with its payee.',
                other:
                  'The hot wallet paid # transfers that no withdrawal here explains (the database was restored to before them?). Nothing is paid again; reconcile each with its payee.',
              })}
            </Text>
            {transfers.map((t) => (
              <Box key={t.txHash} fontSize="sm" data-testid="payout-unmatched-row">
                <Text fontWeight="medium">
                  <Trans>
                    {formatMoney(t.amount)} · names withdrawal #{t.withdrawalId} · {formatDateTime(t.seenAt)}
                  </Trans>
                </Text>
                <Text wordBreak="break-word">{unmatchedReason(t)}</Text>
                <Text fontFamily="mono" fontSize="xs" wordBreak="break-all">
                  {explorer ? (
                    <a href={`${explorer}${t.txHash}`} target="_blank" rel="noreferrer">
                      {t.txHash}
                    </a>
                  ) : (
                    t.txHash
                  )}
                </Text>
              </Box>
            ))}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
