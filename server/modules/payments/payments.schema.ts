import { parseId, parseInput } from '../../graphql/args.ts';
import type { Context } from '../../graphql/context.ts';
import { perRequestLoader } from '../../graphql/loader.ts';
import { withTotal } from '../../lib/data-table.ts';
import { defined, SortOrderEnum } from '../../graphql/table.ts';
import { builder } from '../../graphql/builder.ts';
import { topics } from '../../lib/pubsub.ts';
import { PAYMENT_KINDS, PAYMENT_STATUSES, PAYOUT_STAGES } from './payment.entity.ts';
import type { WithdrawalDecision } from '../payouts/policies/four-eyes.ts';
import type { PayoutLimitHit } from '../payouts/policies/velocity.ts';
import type { PayoutWalletView, UnmatchedTransfer } from '../payouts/wallet-view.ts';
import { TopUpInput, WithdrawalInput } from './payments.inputs.ts';
import { callKey } from '../../lib/idempotency.ts';
import { PAYMENT_SORT_FIELDS, PaymentTableQuery } from './payments.service.ts';
import { type PaymentView, paymentView } from './payment-view.ts';
import { type WithdrawalTrail, withdrawalTrails } from '../audit/trail.ts';
import type { PayoutAddressView } from '../payouts/payout-addresses.ts';
import { type ChainFailure, chainFailureOf } from '../payouts/chain-failure.ts';

const KindEnum = builder.enumType('TransactionKind', { values: PAYMENT_KINDS });
const StatusEnum = builder.enumType('TransactionStatus', { values: PAYMENT_STATUSES });
const StageEnum = builder.enumType('PayoutStage', {
  description: 'Where a withdrawal in progress is: requested, approved, sent in a batch (then DONE or FAILED).',
  values: PAYOUT_STAGES,
});

const UnmatchedBookingRef = builder.objectRef<NonNullable<UnmatchedTransfer['booked']>>('UnmatchedBooking').implement({
  description:
    'The withdrawal the books hold under the number a transfer names, as it is now: why the transfer does not settle it.',
  fields: (t) => ({
    status: t.field({ type: StatusEnum, resolve: (b) => b.status as (typeof PAYMENT_STATUSES)[number] }),
    amount: t.field({ type: 'Money', resolve: (b) => BigInt(b.amount) }),
    address: t.exposeString('address', { nullable: true, description: 'The payout address it was requested to.' }),
    txHash: t.exposeString('txHash', { nullable: true, description: 'The transfer that paid it, if paid.' }),
  }),
});

const UnmatchedTransferRef = builder.objectRef<UnmatchedTransfer>('UnmatchedTransfer').implement({
  description:
    'A paid transfer of the hot wallet that no withdrawal in the books explains (a database restored to before it): the chain’s evidence; never paid again.',
  fields: (t) => ({
    withdrawalId: t.exposeID('withdrawalId', { description: 'The withdrawal its payload names.' }),
    txHash: t.exposeString('txHash'),
    amount: t.field({ type: 'Money', resolve: (u) => BigInt(u.amount) }),
    destination: t.exposeString('destination'),
    reason: t.exposeString('reason', { description: 'Why it matches no withdrawal (English).' }),
    seenAt: t.expose('seenAt', { type: 'DateTime' }),
    booked: t.field({
      type: UnmatchedBookingRef,
      nullable: true,
      description:
        'The withdrawal with that number in the books now; null when there is none (requested after a restore point).',
      resolve: (u) => u.booked,
    }),
  }),
});

const PayoutLimitHitRef = builder.objectRef<PayoutLimitHit>('PayoutLimitHit').implement({
  description:
    'A payout limit holding approved withdrawals back, as figures (the wallet’s `limit` says it in English).',
  fields: (t) => ({
    kind: t.exposeString('kind', {
      description: 'hour (PAYOUT_MAX_PER_HOUR_USD) or day (PAYOUT_MAX_PER_DAY_USD, the last 24 hours).',
    }),
    sent: t.field({
      type: 'Money',
      description: 'What the hot wallet sent in that span.',
      resolve: (h) => BigInt(h.sent),
    }),
    max: t.field({ type: 'Money', description: 'The limit.', resolve: (h) => BigInt(h.max) }),
    waiting: t.exposeInt('waiting', { description: 'Approved withdrawals that wait in order.' }),
    waitingAmount: t.field({
      type: 'Money',
      description: 'What they add up to.',
      resolve: (h) => BigInt(h.waitingAmount),
    }),
  }),
});

const PayoutWalletRef = builder.objectRef<PayoutWalletView>('PayoutWallet').implement({
  description: 'The network’s hot wallet that pays withdrawals in USDT on TON (finance staff).',
  fields: (t) => ({
    network: t.exposeString('network', { description: 'mainnet or testnet.' }),
    chain: t.exposeString('chain', { description: 'sandbox (the in-process emulator) or toncenter.' }),
    address: t.exposeString('address'),
    jettonWallet: t.exposeString('jettonWallet', { description: 'Its USDT jetton wallet.' }),
    jettonMaster: t.exposeString('jettonMaster'),
    ton: t.exposeString('ton', { description: 'TON balance in nanotons (fees).' }),
    usdt: t.field({ type: 'Money', description: 'USDT balance.', resolve: (w) => BigInt(w.usdt) }),
    neededTon: t.exposeString('neededTon', { description: 'Nanotons the approved and sent withdrawals need.' }),
    neededUsdt: t.field({ type: 'Money', resolve: (w) => BigInt(w.neededUsdt) }),
    alert: t.exposeString('alert', { nullable: true, description: 'Set when it holds less than they need.' }),
    limit: t.exposeString('limit', {
      nullable: true,
      description:
        'Set when a payout limit (PAYOUT_MAX_PER_HOUR_USD, PAYOUT_MAX_PER_DAY_USD) holds approved withdrawals back.',
    }),
    limitHit: t.field({
      type: PayoutLimitHitRef,
      nullable: true,
      description: 'The same as `limit`, as figures (for a reader’s language).',
      resolve: (w) => w.limitHit,
    }),
    limitsSet: t.exposeBoolean('limitsSet', { description: 'Whether any payout limit is set.' }),
    limitsLifted: t.exposeBoolean('limitsLifted', {
      description: 'Whether a finance person lifted the limits for today (UTC).',
    }),
    explorer: t.exposeString('explorer', {
      nullable: true,
      description: 'Prefix of a transaction hash’s block-explorer page (null on the sandbox chain).',
    }),
    unmatched: t.field({
      type: [UnmatchedTransferRef],
      description: 'Paid transfers on chain that no withdrawal in the books explains, newest first (at most 20).',
      resolve: (w) => w.unmatched,
    }),
  }),
});

const TransactionUserRef = builder.objectRef<{ name: string; email: string }>('TransactionUser').implement({
  fields: (t) => ({ name: t.exposeString('name'), email: t.exposeString('email') }),
});

const ApprovalRef = builder.objectRef<{ userId: number; name: string; at: string }>('WithdrawalApproval').implement({
  description: 'One finance person’s approval of a withdrawal.',
  fields: (t) => ({
    userId: t.exposeID('userId'),
    name: t.exposeString('name'),
    at: t.expose('at', { type: 'DateTime' }),
  }),
});

const DecisionRef = builder.objectRef<WithdrawalDecision>('WithdrawalDecision').implement({
  description:
    'What the signed-in finance person may do with a withdrawal now, as the server’s policies decide it (own money, four eyes, the new-address hold).',
  fields: (t) => ({
    own: t.exposeBoolean('own', {
      description: 'It is the viewer’s own withdrawal: another finance person decides it.',
    }),
    needed: t.exposeInt('needed', { description: 'How many finance people approve it.' }),
    given: t.exposeInt('given', { description: 'How many have approved it so far.' }),
    gaveApproval: t.exposeBoolean('gaveOne', { description: 'The viewer gave an approval already.' }),
    mayApprove: t.exposeBoolean('mayApprove', { description: 'The viewer may give an approval now.' }),
    approvesNow: t.exposeBoolean('approvesNow', { description: 'The viewer’s approval would approve it.' }),
    mayReject: t.exposeBoolean('mayReject', { description: 'The viewer may reject it now.' }),
  }),
});

const ChainFailureRef = builder.objectRef<ChainFailure>('ChainFailure').implement({
  description:
    'Why the chain did not pay a withdrawal, for a reader’s own language (its `failureReason` says it in English).',
  fields: (t) => ({
    kind: t.exposeString('kind', {
      description: 'BOUNCED (the recipient’s jetton wallet sent it back) or REFUSED (the hot wallet’s jetton wallet).',
    }),
    exitCode: t.exposeString('exitCode', { nullable: true, description: 'REFUSED: the jetton wallet’s exit code.' }),
  }),
});

/** Who approved each withdrawal of a list so far: one query for the list, whichever fields ask. */
const approvalsLoaded = perRequestLoader((ctx: Context, ids: number[]) =>
  ctx.services.withdrawals.approvals(ctx.em, ids),
);
const approvalsOf = async (p: PaymentView, ctx: Context) => p.approvals ?? (await approvalsLoaded(ctx, p.id)) ?? [];

/** A withdrawal waiting for approval: how many finance people approved it so far (null once decided, and for top-ups). */
async function approvalsGivenOf(p: PaymentView, _args: unknown, ctx: Context): Promise<number | null> {
  if (p.kind !== 'WITHDRAWAL' || p.status !== 'IN_PROGRESS' || p.payoutStage !== 'REQUESTED') return null;
  return (await approvalsOf(p, ctx)).length;
}

const TransactionRef = builder.objectRef<PaymentView>('Transaction').implement({
  description: 'A top-up (advertiser) or a withdrawal (publisher).',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    kind: t.expose('kind', { type: KindEnum }),
    status: t.expose('status', { type: StatusEnum }),
    amount: t.field({ type: 'Money', resolve: (p) => BigInt(p.amount) }),
    walletAddress: t.exposeString('walletAddress', { nullable: true }),
    txHash: t.exposeString('txHash', { nullable: true }),
    failureReason: t.exposeString('failureReason', { nullable: true }),
    chainFailure: t.field({
      type: ChainFailureRef,
      nullable: true,
      description: 'A withdrawal the chain did not pay: why, as a kind (null for any other reason).',
      resolve: (p) => (p.kind === 'WITHDRAWAL' ? chainFailureOf(p) : null),
    }),
    payoutStage: t.expose('payoutStage', { type: StageEnum, nullable: true }),
    batchId: t.exposeInt('batchId', { nullable: true, description: 'The payout batch its transfer went in.' }),
    approvedAt: t.expose('approvedAt', { type: 'DateTime', nullable: true }),
    payUrl: t.string({
      nullable: true,
      description: 'A top-up waiting for payment: its checkout page, to go back to (its owner only).',
      resolve: (p, _a, ctx) => (ctx.account?.id === p.userId ? (p.payUrl ?? null) : null),
    }),
    holdUntil: t.expose('holdUntil', {
      type: 'DateTime',
      nullable: true,
      description:
        'A first withdrawal to a new address: nobody approves it before this (PAYOUT_NEW_ADDRESS_HOLD_HOURS).',
    }),
    explorerUrl: t.string({
      nullable: true,
      description:
        'The payout transaction’s page in a block explorer: tonviewer’s, or on the sandbox chain the product’s own (a path, /sandbox/explorer/tx/<hash>).',
      resolve: (p, _a, ctx) => (p.kind === 'WITHDRAWAL' ? ctx.services.payouts.explorerUrl(p.txHash) : null),
    }),
    approvalsNeeded: t.int({
      nullable: true,
      description:
        'Withdrawals: how many finance people approve it (2 when the payee’s withdrawals of the last 24 hours with this one reach PAYOUT_SECOND_APPROVAL_USD, else 1); null for top-ups.',
      resolve: (p, _a, ctx) => (p.kind === 'WITHDRAWAL' ? ctx.services.withdrawals.approvalsNeededOf(p) : null),
    }),
    approvalsGiven: t.int({
      nullable: true,
      description:
        'Withdrawals waiting for approval: how many finance people approved it so far (the payee sees "1 of 2 approvals"; who, only finance). Null once decided and for top-ups.',
      resolve: approvalsGivenOf,
    }),
    approvals: t.field({
      type: [ApprovalRef],
      authScopes: { finance: true },
      unauthorizedResolver: () => [],
      description: 'Finance staff: who approved this withdrawal so far, in order (empty for others).',
      resolve: (p, _a, ctx) => approvalsOf(p, ctx),
    }),
    viewerDecision: t.field({
      type: DecisionRef,
      nullable: true,
      authScopes: { finance: true },
      unauthorizedResolver: () => null,
      description: 'Finance staff: what you may do with this withdrawal now (null for top-ups and for others).',
      resolve: async (p, _a, ctx) => {
        if (p.kind !== 'WITHDRAWAL') return null;
        return ctx.services.withdrawals.decisionFor(p, await approvalsOf(p, ctx), ctx.user!.id);
      },
    }),
    requestedFrom: t.string({
      nullable: true,
      authScopes: { finance: true },
      unauthorizedResolver: () => null,
      description: 'Finance staff: the address the payee’s request came from (the audit trail).',
      resolve: async (p, _a, ctx) => (await trailOf(p, ctx)).requestedFrom,
    }),
    rejectedBy: t.field({
      type: ApprovalRef,
      nullable: true,
      authScopes: { finance: true },
      unauthorizedResolver: () => null,
      description: 'Finance staff: who rejected it, and when.',
      resolve: async (p, _a, ctx) => {
        const by = (await trailOf(p, ctx)).rejectedBy;
        return by ? { ...by, userId: by.userId ?? 0 } : null;
      },
    }),
    approvedByRule: t.boolean({
      authScopes: { finance: true },
      unauthorizedResolver: () => false,
      description: 'Finance staff: approved by the auto-approve rule (PAYOUT_AUTO_APPROVE_MAX), not by a person.',
      resolve: async (p, _a, ctx) => (await trailOf(p, ctx)).approvedByRule,
    }),
    userId: t.exposeID('userId'),
    user: t.field({
      type: TransactionUserRef,
      nullable: true,
      description: 'The payer, on the finance queue (staff only).',
      resolve: (p) => p.user ?? null,
    }),
  }),
});

/** A withdrawal's audit facts: read with the queue's page, else for this one. */
async function trailOf(p: PaymentView, ctx: { em: Parameters<typeof withdrawalTrails>[0] }): Promise<WithdrawalTrail> {
  if (p.trail) return p.trail;
  if (p.kind !== 'WITHDRAWAL') return { requestedFrom: null, rejectedBy: null, approvedByRule: false };
  return (await withdrawalTrails(ctx.em, [p.id])).get(p.id)!;
}

const TransactionPageRef = builder
  .objectRef<{ data: PaymentView[]; total: number; totalCount: number }>('TransactionPage')
  .implement({
    fields: (t) => ({
      data: t.expose('data', { type: [TransactionRef] }),
      total: t.exposeInt('total'),
      totalCount: t.exposeInt('totalCount'),
    }),
  });

const TopUpRef = builder.objectRef<{ url: string; transaction: PaymentView }>('TopUp').implement({
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Where the browser goes to pay.' }),
    transaction: t.expose('transaction', { type: TransactionRef }),
  }),
});

const SortEnum = builder.enumType('TransactionSortField', { values: PAYMENT_SORT_FIELDS });
const FiltersInput = builder.inputType('TransactionFilters', {
  fields: (t) => ({ status: t.field({ type: [StatusEnum], required: false }) }),
});

builder.queryFields((t) => {
  /** The data table's arguments; `limit` is read as `size`, 20 a page by default. */
  const table = {
    page: t.arg.int({ required: true, defaultValue: 1 }),
    size: t.arg.int({ required: false }),
    limit: t.arg.int({ required: false, description: 'Read as `size`.' }),
    sortField: t.arg({ type: SortEnum, required: false }),
    sortOrder: t.arg({ type: SortOrderEnum, required: false }),
    filters: t.arg({ type: FiltersInput, required: false }),
    search: t.arg.string({ required: false, description: 'Wallet, transaction hash or id.' }),
  };
  const query = (args: { filters?: object | null } & Record<string, unknown>) =>
    parseInput(PaymentTableQuery, { ...defined(args), filters: defined(args.filters) });
  return {
    transactions: t.field({
      type: TransactionPageRef,
      authScopes: { authenticated: true },
      description: 'The signed-in user’s top-ups or withdrawals as a data table, newest first unless sorted.',
      args: { kind: t.arg({ type: KindEnum, required: true }), ...table },
      resolve: async (_r, { kind, ...args }, ctx) =>
        withTotal(await ctx.services.payments.table(ctx.em, { userId: ctx.account!.id, kind }, query(args))),
    }),
    withdrawalQueue: t.field({
      type: TransactionPageRef,
      authScopes: { finance: true },
      description:
        'Withdrawals for finance staff as a data table; IN_PROGRESS ones wait for a decision. `status` is read as a filter.',
      args: { status: t.arg({ type: StatusEnum, required: false }), ...table },
      resolve: async (_r, args, ctx) =>
        withTotal(await ctx.services.payments.table(ctx.em, { kind: 'WITHDRAWAL' }, query(args))),
    }),
    payoutWallet: t.field({
      type: PayoutWalletRef,
      authScopes: { finance: true },
      description: 'The hot wallet’s balances, what the queue needs, and the low-funds alert.',
      resolve: (_r, _a, ctx) => ctx.services.payouts.wallet(ctx.em),
    }),
  };
});

builder.mutationFields((t) => ({
  cancelTopUp: t.field({
    type: TransactionRef,
    authScopes: { authenticated: true },
    description:
      'Ends one of your top-ups that waits for payment (FAILED, "Cancelled"); paid after all, it is credited then.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) =>
      paymentView(await ctx.services.payments.cancelTopUp(ctx.em, ctx.account!, Number(id))),
  }),
  createTopUp: t.field({
    type: TopUpRef,
    authScopes: { authenticated: true },
    description: 'Opens an invoice for a top-up; the browser goes to `url`.',
    args: {
      amount: t.arg({ type: 'Money', required: true }),
      idempotencyKey: t.arg.string({
        required: false,
        description: 'A retry with the same key answers the first top-up (as the Idempotency-Key header does).',
      }),
    },
    resolve: async (_r, { amount, idempotencyKey }, ctx) => {
      const input = parseInput(TopUpInput, { amount, idempotencyKey: idempotencyKey ?? undefined });
      const { url, payment } = await ctx.services.payments.createTopUp(
        ctx.em,
        ctx.account!,
        input.amount,
        callKey(input.idempotencyKey, ctx.idempotencyKey),
        ctx.origin,
      );
      return { url, transaction: paymentView(payment) };
    },
  }),
  requestWithdrawal: t.field({
    type: TransactionRef,
    authScopes: { authenticated: true },
    args: {
      amount: t.arg({ type: 'Money', required: true }),
      walletAddress: t.arg.string({ required: true }),
      idempotencyKey: t.arg.string({
        required: false,
        description: 'A retry with the same key answers the first withdrawal (as the Idempotency-Key header does).',
      }),
    },
    resolve: async (_r, { amount, walletAddress, idempotencyKey }, ctx) => {
      const input = parseInput(WithdrawalInput, { amount, walletAddress, idempotencyKey: idempotencyKey ?? undefined });
      return paymentView(
        await ctx.services.withdrawals.request(
          ctx.em,
          ctx.account!,
          input.amount,
          input.walletAddress,
          callKey(input.idempotencyKey, ctx.idempotencyKey),
        ),
      );
    },
  }),
  approveWithdrawal: t.field({
    type: TransactionRef,
    authScopes: { finance: true },
    description:
      'Approves a requested withdrawal: the network sends it in the next batch. One of at least PAYOUT_SECOND_APPROVAL_USD takes two finance people: the first approval is recorded (`approvals`), the second approves it.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => {
      const [p] = await ctx.services.withdrawals.approve(ctx.em, ctx.user!, [parseId(id)]);
      const [view] = await ctx.services.withdrawals.withApprovals(ctx.em, [paymentView(p!)]);
      return view!;
    },
  }),
  approveWithdrawals: t.field({
    type: [TransactionRef],
    authScopes: { finance: true },
    description:
      'Approves many at once (at most 1000), one approval each; answers those it approved or gave an approval to (ones already decided are left).',
    args: { ids: t.arg.idList({ required: true }) },
    resolve: async (_r, { ids }, ctx) => {
      const acted = await ctx.services.withdrawals.approve(
        ctx.em,
        ctx.user!,
        ids.map((id) => parseId(id)),
      );
      // Who approved, in one query for the batch (not one per row when asked for).
      return ctx.services.withdrawals.withApprovals(ctx.em, acted.map(paymentView));
    },
  }),
  failWithdrawal: t.field({
    type: TransactionRef,
    authScopes: { finance: true },
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: async (_r, { id, reason }, ctx) => {
      return paymentView(await ctx.services.withdrawals.reject(ctx.em, ctx.user!, parseId(id), reason));
    },
  }),
}));

builder.subscriptionFields((t) => ({
  transactionUpdated: t.field({
    type: TransactionRef,
    authScopes: { authenticated: true },
    description: 'The signed-in user’s payment or withdrawal changed status.',
    subscribe: (_r, _a, ctx) => ctx.pubsub.subscribe<PaymentView>(topics.transactions(ctx.account!.id)),
    resolve: (p) => p,
  }),
  payoutWalletChanged: t.field({
    type: PayoutWalletRef,
    authScopes: { finance: true },
    subscribe: (_r, _a, ctx) => ctx.pubsub.subscribe<PayoutWalletView>(topics.payoutWallet()),
    resolve: (w) => w,
  }),
  withdrawalQueueChanged: t.field({
    type: TransactionRef,
    authScopes: { finance: true },
    subscribe: (_r, _a, ctx) => ctx.pubsub.subscribe<PaymentView>(topics.withdrawals()),
    resolve: (p) => p,
  }),
}));

const PayoutAddressRef = builder.objectRef<PayoutAddressView>('PayoutAddress').implement({
  description: 'A payout address the user keeps, with its label.',
  fields: (t) => ({
    id: t.exposeID('id'),
    address: t.exposeString('address'),
    label: t.exposeString('label'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    paidAt: t.exposeBoolean('paidAt', {
      description: 'Whether this user was paid at it (a first withdrawal to it is held).',
    }),
  }),
});

builder.queryField('payoutAddresses', (t) =>
  t.field({
    type: [PayoutAddressRef],
    authScopes: { authenticated: true },
    description: 'The signed-in user’s saved payout addresses, by label.',
    resolve: (_r, _a, ctx) => ctx.services.withdrawals.addresses.list(ctx.em, ctx.account!.id),
  }),
);

builder.mutationFields((t) => ({
  addPayoutAddress: t.field({
    type: PayoutAddressRef,
    authScopes: { authenticated: true },
    description: 'Saves a payout address with a label. Takes a fresh proof (STEP_UP_REQUIRED otherwise).',
    args: { address: t.arg.string({ required: true }), label: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => {
      return ctx.services.withdrawals.addresses.add(ctx.em, ctx.account!, args);
    },
  }),
  removePayoutAddress: t.boolean({
    authScopes: { authenticated: true },
    description: 'Removes a saved payout address.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await ctx.services.withdrawals.addresses.remove(ctx.em, ctx.account!, parseId(args.id));
      return true;
    },
  }),
}));

builder.mutationField('liftPayoutLimits', (t) =>
  t.field({
    type: PayoutWalletRef,
    authScopes: { finance: true },
    description:
      'Finance staff, with a fresh proof: lifts the payout limits until the end of the day (UTC); recorded in the audit trail. Answers the wallet card.',
    resolve: async (_r, _a, ctx) => {
      await ctx.services.payouts.liftLimits(ctx.em, ctx.user!);
      return ctx.services.payouts.wallet(ctx.em);
    },
  }),
);
