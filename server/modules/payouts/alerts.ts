import type { EntityManager } from '@mikro-orm/postgresql';
import { formatMoney } from '../../lib/money.ts';
import { languageOf } from '../../../shared/languages.ts';
import { ROUND_ACTOR, recordAudit } from '../audit/record.ts';
import type { Funds } from './batching.ts';
import { lowFundsMail } from './low-funds-mail.ts';
import { approvedWaiting, financeStaff, readState, writeState, writeStateOnce } from './payouts.repository.ts';
import type { PayoutsDeps } from './payouts.service.ts';
import { type LimitHit, liftKey, limitMessage, limitSetting, type PayoutLimitHit } from './policies/velocity.ts';

/** Low-funds mails to finance at most this often. */
const ALERT_MAIL_MS = 60 * 60_000;

/** TON in nanotons, as a decimal without trailing zeros. */
export function formatTon(nano: bigint): string {
  const whole = nano / 1_000_000_000n;
  const frac = (nano % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** The wallet card's English line when the wallet holds less than the queue needs. */
export function lowFundsMessage(ton: bigint, usdt: bigint, neededTon: bigint, neededUsdt: bigint): string {
  const parts = [
    usdt < neededUsdt ? `${formatMoney(neededUsdt - usdt)} USDT` : '',
    ton < neededTon ? `${formatTon(neededTon - ton)} TON (fees)` : '',
  ].filter(Boolean);
  return `The hot wallet holds less than the approved withdrawals need: ${parts.join(' and ')} more.`;
}

/** What finance is told when a round stops: the wallet short of funds, or a payout limit reached. */
export class PayoutAlerts {
  constructor(private readonly deps: PayoutsDeps) {}

  /** A round ran through: no alert, no limit stands. */
  async clear(em: EntityManager) {
    await writeState(em, 'alert', '', false);
    await writeState(em, 'limit', '', false);
  }

  /** The wallet card's alert, and a mail to each finance person at most once an hour. */
  async lowFunds(em: EntityManager, funds: Funds, address: string) {
    const short = {
      usdt: funds.shortUsdt > 0n ? formatMoney(funds.shortUsdt) : '',
      ton: funds.shortTon > 0n ? formatTon(funds.shortTon) : '',
      address,
    };
    // The wallet card's English line (the dashboard says it from figures) and the log's.
    const message = lowFundsMail('en', short).text.trim();
    await writeState(em, 'alert', message, false);
    const mailed = Number((await readState(em, 'alert-mailed-at')) ?? '0');
    if (Date.now() - mailed < ALERT_MAIL_MS) return;
    await writeState(em, 'alert-mailed-at', String(Date.now()), false);
    for (const { email, language } of await financeStaff(em)) {
      const mail = lowFundsMail(languageOf(language), short);
      this.deps.background.start('low funds mail', () => this.deps.mailer.send({ to: email, ...mail }));
    }
    this.deps.log.warn({ message }, 'payouts: hot wallet short of funds');
  }

  /**
   * A limit stopped this round's batches: finance sees why on the wallet card and is told once a
   * day for each limit (Telegram and mail). The round share only spreads a queue over rounds: not told.
   */
  async limitReached(em: EntityManager, hit: LimitHit) {
    const kind = hit.kind;
    if (kind === 'round') return;
    const waiting = await approvedWaiting(em);
    const stored: PayoutLimitHit = {
      kind,
      sent: hit.sent.toString(),
      max: hit.max.toString(),
      waiting: waiting.n,
      waitingAmount: waiting.amount,
    };
    const message = limitMessage(stored);
    await writeState(em, 'limit', JSON.stringify(stored), false);
    await this.deps.ledger.run(em.fork(), async (tx, emit) => {
      const told = `limit-told:${liftKey()}:${kind}`;
      if (!(await writeStateOnce(tx, told, '1'))) return;
      const name = limitSetting(kind);
      const params = { message, limit: name, count: stored.waiting, amount: formatMoney(BigInt(stored.waitingAmount)) };
      // The hold is a money decision too: recorded once a day for each limit, as finance is told.
      await recordAudit(tx, {
        actor: ROUND_ACTOR,
        action: 'payouts.limit_reached',
        object: { type: 'setting', id: name },
        after: {
          sent: formatMoney(hit.sent),
          limit: formatMoney(hit.max),
          waiting: params.count,
          amount: params.amount,
        },
      });
      const staff = await financeStaff(tx);
      const events = staff.map(({ id }) => ({
        userId: id,
        type: 'payoutLimitReached' as const,
        key: told,
        params,
        path: '/finance',
      }));
      await this.deps.notify?.(tx, events, emit);
    });
    this.deps.log.warn({ message }, 'payouts: a payout limit is reached');
  }
}
