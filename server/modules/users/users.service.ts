import type { EntityManager } from '@mikro-orm/postgresql';
import { balancesOf, type UserBalances } from '../ledger/balances.ts';
import { type DefaultRole, User } from './user.entity.ts';

export type UserView = Pick<
  User,
  'id' | 'createdAt' | 'updatedAt' | 'name' | 'email' | 'defaultRole' | 'isExchangeReady' | 'isModerator' | 'isFinance'
> &
  UserBalances;

export class UsersService {
  async self(em: EntityManager, user: User): Promise<UserView> {
    const balances = await balancesOf(em, user.id);
    return {
      id: user.id,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      name: user.name,
      email: user.email,
      defaultRole: user.defaultRole,
      isExchangeReady: user.isExchangeReady,
      isModerator: user.isModerator,
      isFinance: user.isFinance,
      ...balances,
    };
  }

  async updateSelf(em: EntityManager, user: User, input: { defaultRole: DefaultRole }): Promise<UserView> {
    const managed = await em.findOneOrFail(User, { id: user.id });
    managed.defaultRole = input.defaultRole;
    await em.flush();
    return this.self(em, managed);
  }
}
