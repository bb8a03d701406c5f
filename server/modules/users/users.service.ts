import { authorize } from '../../lib/access.ts';
import { type TelegramLink, telegramLinkOf } from './telegram-link.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { balancesOf, type UserBalances } from '../ledger/balances.ts';
import { type DefaultRole, User } from './user.entity.ts';

export type UserView = Pick<
  User,
  | 'id'
  | 'createdAt'
  | 'updatedAt'
  | 'name'
  | 'email'
  | 'defaultRole'
  | 'isExchangeReady'
  | 'language'
  | 'isModerator'
  | 'isFinance'
  | 'isAdmin'
> &
  UserBalances & { telegram: TelegramLink | null };

export class UsersService {
  /** The person, with the balances of the account they act on (`account`: their own unless a team's). */
  async self(em: EntityManager, user: User, account: { id: number } = user): Promise<UserView> {
    const balances = await balancesOf(em, account.id);
    return {
      id: user.id,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      name: user.name,
      email: user.email,
      defaultRole: user.defaultRole,
      isExchangeReady: user.isExchangeReady,
      language: user.language ?? null,
      isModerator: user.isModerator,
      isFinance: user.isFinance,
      isAdmin: user.isAdmin,
      telegram: telegramLinkOf(user),
      ...balances,
    };
  }

  /** `isExchangeReady: true` is checked by the caller first (the exchange area knows the rule). */
  async updateSelf(
    em: EntityManager,
    user: User,
    input: { defaultRole?: DefaultRole; isExchangeReady?: boolean; language?: string },
  ): Promise<UserView> {
    authorize(user, 'account.update');
    const managed = await em.findOneOrFail(User, { id: user.id }, { refresh: true });
    if (input.defaultRole) managed.defaultRole = input.defaultRole;
    if (input.isExchangeReady !== undefined) managed.isExchangeReady = input.isExchangeReady;
    if (input.language) managed.language = input.language;
    await em.flush();
    return this.self(em, managed);
  }
}
