import { fail } from '../../failures.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { accountActor, recordAudit } from '../audit/record.ts';
import { authorize } from '../../lib/access.ts';
import { DomainError } from '../../errors.ts';
import type { User } from '../users/user.entity.ts';
import { PayoutAddress } from './payout.entity.ts';
import type { PayoutsService } from './payouts.service.ts';

/** A saved payout address as the Withdraw page lists it. */
export interface PayoutAddressView {
  id: number;
  address: string;
  label: string;
  createdAt: string;
  /** Whether this user was paid at it already (its first withdrawal is not held). */
  paidAt: boolean;
}

/** At most this many addresses a user keeps. */
export const MAX_PAYOUT_ADDRESSES = 20;

/**
 * The user's payout addresses (the Withdraw page picks one). Adding one takes a fresh proof
 * (the caller checks the step-up); it is checked as a withdrawal's address is (a TON address,
 * not the network's own wallets) and kept in the form withdrawals store.
 */
export class PayoutAddressBook {
  constructor(private readonly payouts: PayoutsService) {}

  async list(em: EntityManager, userId: number): Promise<PayoutAddressView[]> {
    const rows = await em.execute<{ id: number; address: string; label: string; created_at: Date; paid: boolean }[]>(
      `select a.id, a.address, a.label, a.created_at,
              exists (select 1 from payments p where p.user_id = a.user_id and p.kind = 'WITHDRAWAL'
                       and p.wallet_address = a.address and p.status = 'DONE') as paid
         from payout_addresses a where a.user_id = ? order by a.label, a.id`,
      [userId],
    );
    return rows.map((r) => ({
      id: r.id,
      address: r.address,
      label: r.label,
      createdAt: new Date(r.created_at).toISOString(),
      paidAt: r.paid,
    }));
  }

  async add(em: EntityManager, user: User, input: { address: string; label: string }): Promise<PayoutAddressView> {
    authorize(user, 'payoutAddress.save');
    const label = input.label.trim();
    if (!label || label.length > 60) throw fail('PAYOUT_ADDRESS_LABEL_INVALID');
    let address: string;
    try {
      address = this.payouts.parseAddress(input.address);
      this.payouts.refuseOwnAddress(address);
    } catch (err) {
      // The withdrawal's messages name `walletAddress`; here the field is `address`.
      if (err instanceof DomainError && err.field)
        throw Object.assign(new DomainError(err.code, err.message, 'address'), { coded: err.coded });
      throw err;
    }
    const id = await em.transactional(async (tx) => {
      await tx.execute('select 1 from users where id = ? for update', [user.id]);
      if (await tx.count(PayoutAddress, { userId: user.id, address })) throw fail('PAYOUT_ADDRESS_SAVED_ALREADY');
      if ((await tx.count(PayoutAddress, { userId: user.id })) >= MAX_PAYOUT_ADDRESSES)
        throw fail('PAYOUT_ADDRESSES_FULL', { max: MAX_PAYOUT_ADDRESSES });
      const row = tx.create(PayoutAddress, { userId: user.id, address, label });
      await tx.flush();
      await recordAudit(tx, {
        actor: accountActor(user.id),
        action: 'account.payout_address_saved',
        object: { type: 'user', id: user.id },
        after: { address, label },
      });
      return row.id;
    });
    return (await this.list(em, user.id)).find((a) => a.id === id)!;
  }

  async remove(em: EntityManager, user: User, id: number): Promise<void> {
    authorize(user, 'payoutAddress.remove');
    await em.transactional(async (tx) => {
      const [removed] = await tx.execute<{ address: string; label: string }[]>(
        'delete from payout_addresses where id = ? and user_id = ? returning address, label',
        [id, user.id],
      );
      if (!removed) throw fail('PAYOUT_ADDRESS_NOT_FOUND');
      await recordAudit(tx, {
        actor: accountActor(user.id),
        action: 'account.payout_address_removed',
        object: { type: 'user', id: user.id },
        before: { address: removed.address, label: removed.label },
      });
    });
  }
}
