import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { type AccessLevel, INVITATION_DAYS, INVITATIONS_PER_DAY } from '../../../shared/access-levels.ts';
import { languageOf } from '../../../shared/languages.ts';
import { USER_CHANGED_CHANNEL } from '../../db/listen.ts';
import { fail } from '../../failures.ts';
import { actingOn, authorize, personOf } from '../../lib/access.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { balancesOfMany, type UserBalances } from '../ledger/balances.ts';
import type { Notify } from '../notifications/notify.ts';
import { User as UserEntity, type User } from '../users/user.entity.ts';
import { plainUser, type UserRow } from '../auth/session-users.ts';
import { type ActivityFilter, readActivity } from './activity.ts';
import { invitationMail, LEVEL_NAMES } from './invitation-mail.ts';
import type { InvitedRegistration } from './teams.inputs.ts';
import { Presence } from './presence.ts';
import { MemoryPubSub, type PubSub } from '../../lib/pubsub.ts';
import { accountEvents } from './account-events.ts';

/** An account the person is in, as the switcher and the Accounts page show it. */
export interface AccountView extends UserBalances {
  id: number;
  name: string;
  /** Where the account's owner works most: ADVERTISER or PUBLISHER. */
  kind: string;
  accessLevel: AccessLevel;
  /** The person's own account. */
  own: boolean;
  /** Today (UTC): what its campaigns spent, what its apps earned, and the conversions of both (voided ones left out). */
  todaySpend: bigint;
  todayRevenue: bigint;
  todayConversions: number;
  /** Its campaigns that run now (on, approved, with budget; swaps left out). */
  openCampaigns: number;
}

export interface MemberView {
  userId: number;
  name: string;
  email: string;
  accessLevel: AccessLevel;
  /** The account's owner: its Admin for good. */
  owner: boolean;
  since: Date;
}

export interface InvitationView {
  id: number;
  email: string;
  accessLevel: AccessLevel;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  status: 'OPEN' | 'ACCEPTED' | 'REVOKED' | 'EXPIRED';
}

/** What the invitation page shows to the holder of its link. */
export interface InvitationPreview {
  accountName: string;
  invitedBy: string | null;
  email: string;
  accessLevel: AccessLevel;
  expiresAt: Date;
  status: InvitationView['status'];
  /** The invited address has an account (sign in and accept) or not (register through the link). */
  hasAccount: boolean;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 86_400_000;

const MEMBER_ACCOUNT = `select m.access_level, u.* from account_members m join users u on u.id = m.account_id
  where m.account_id = ? and m.user_id = ?`;
type MemberAccountRow = UserRow & { access_level: AccessLevel };
/** A person's membership of an account: the account as a plain user, and the person's level there. */
type Membership = { account: User; level: AccessLevel };
const membershipOf = ({ access_level, ...account }: MemberAccountRow): Membership => ({
  account: plainUser<User>(account),
  level: access_level,
});
/** How long a membership read serves this instance's next requests (removal is in force within 1 s). */
const MEMBERSHIP_FRESH_MS = 1000;
/** At most this many memberships kept (the stale ones are dropped first). */
const MEMBERSHIPS_KEPT = 10_000;

type InvitationRow = {
  id: number;
  email: string;
  access_level: AccessLevel;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
};

function statusOf(row: Pick<InvitationRow, 'accepted_at' | 'revoked_at' | 'expires_at'>): InvitationView['status'] {
  if (row.accepted_at) return 'ACCEPTED';
  if (row.revoked_at) return 'REVOKED';
  return new Date(row.expires_at).getTime() <= Date.now() ? 'EXPIRED' : 'OPEN';
}

/** Each account's day so far (UTC): spend, revenue, conversions and campaigns running, in one query. */
async function todayOf(em: EntityManager, ids: number[]) {
  const rows = await em.execute<
    { id: number; spend: string; revenue: string; bought: string; delivered: string; open: string }[]
  >(
    // One pass over each side's conversions of the day (sum and count together).
    `with day as (select date_trunc('day', now() at time zone 'utc') at time zone 'utc' as start)
     select u.id, a.spend, a.bought, p.revenue, p.delivered,
       (select count(*) from campaigns k where k.owner_id = u.id and k.deleted_at is null and k.status = 'ACTIVE'
         and k.deal_id is null) as open
     from users u cross join day
     cross join lateral (select coalesce(sum(c.price), 0) as spend, count(*) as bought from conversions c
       where c.advertiser_id = u.id and c.created_at >= day.start and c.status <> 'VOIDED') a
     cross join lateral (select coalesce(sum(c.publisher_amount), 0) as revenue, count(*) as delivered from conversions c
       where c.publisher_id = u.id and c.created_at >= day.start and c.status <> 'VOIDED') p
     where u.id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        todaySpend: BigInt(r.spend),
        todayRevenue: BigInt(r.revenue),
        todayConversions: Number(r.bought) + Number(r.delivered),
        openCampaigns: Number(r.open),
      },
    ]),
  );
}

/**
 * Teams: an account (its owner's user row) has members with access levels, invitations, and is
 * acted on by any of them. Who may do what is the permission module's (`authorize` with the
 * account as acted on: `actingOn`); this service answers which account a person acts on.
 */
export class TeamsService {
  /** Who else from the account has a page open (across instances). */
  readonly presence: Presence;
  /** Memberships read lately (`membership`), by `${accountId}:${personId}`. */
  private readonly memberships = new Map<string, { at: number; membership: Membership }>();
  /** This instance's open Activity lists, told when their account's history grows. */
  private readonly historyGrew = new MemoryPubSub();

  constructor(
    private readonly deps: {
      mailer: Mailer;
      log: Logger;
      appUrl: () => string;
      notify: Notify;
      deliver: () => void;
      pubsub: PubSub;
      /** The auth area's password hash (registration through an invitation). */
      hashPassword: (password: string) => Promise<string>;
    },
  ) {
    this.presence = new Presence(deps.pubsub);
  }

  /**
   * The account `accountId` as `person` acts on it: the person themself on their own account, the
   * owner's row with the person's level on one they are a member of. Not a member: 404, as for any
   * other thing they cannot see.
   */
  async actingFor<T extends { id: number }>(em: EntityManager, person: T, accountId: number | null | undefined) {
    const known = this.actingKnown(person, accountId);
    if (known) return known;
    const me = personOf(person);
    if (!Number.isSafeInteger(accountId) || accountId! <= 0) throw fail('ACCOUNT_NOT_FOUND');
    const membership = await this.membership(em, accountId!, me.id);
    if (!membership) throw fail('ACCOUNT_NOT_FOUND');
    return actingOn(membership.account, me, membership.level) as unknown as T;
  }

  /**
   * `actingFor` without waiting, when the answer is in memory (the person's own account, or a
   * membership read within MEMBERSHIP_FRESH_MS); otherwise undefined. Every request that names
   * an account asks this first: a busy member's requests skip the promises of the async path.
   */
  actingKnown<T extends { id: number }>(person: T, accountId: number | null | undefined): T | undefined {
    const me = personOf(person);
    if (accountId == null || accountId === me.id) return me;
    const known = this.memberships.get(`${accountId}:${me.id}`);
    if (!known || Date.now() - known.at >= MEMBERSHIP_FRESH_MS) return undefined;
    return actingOn(known.membership.account, me, known.membership.level) as unknown as T;
  }

  /**
   * A membership as read at most MEMBERSHIP_FRESH_MS ago on this instance: a busy member's
   * requests do not each read it again. A change of membership (or of the person) notifies
   * `user_changed`, which every instance hears and forgets the person's entries by
   * (`forgetPeople`); the short life holds the 1 s promise even if that notice were lost.
   * Only memberships found are kept: someone who just joined is never told "not found" from memory.
   */
  private async membership(em: EntityManager, accountId: number, personId: number): Promise<Membership | null> {
    const key = `${accountId}:${personId}`;
    const now = Date.now();
    const known = this.memberships.get(key);
    if (known && now - known.at < MEMBERSHIP_FRESH_MS) return known.membership;
    const [row] = await em.execute<MemberAccountRow[]>(MEMBER_ACCOUNT, [accountId, personId]);
    // Kept as the account's plain user (what each request's actor copies), not as the row.
    const membership = row ? membershipOf(row) : null;
    if (this.memberships.size >= MEMBERSHIPS_KEPT) {
      for (const [k, v] of this.memberships) if (now - v.at >= MEMBERSHIP_FRESH_MS) this.memberships.delete(k);
    }
    if (membership && this.memberships.size < MEMBERSHIPS_KEPT) this.memberships.set(key, { at: now, membership });
    else this.memberships.delete(key);
    return membership;
  }

  /** People whose memberships or rows changed (`user_changed`'s payload, any instance): read them anew. */
  forgetPeople(ids: number[]) {
    const people = new Set(ids);
    for (const key of this.memberships.keys()) {
      const [account, person] = key.split(':').map(Number);
      if (people.has(person) || people.has(account)) this.memberships.delete(key);
    }
  }

  /** The accounts a person is in: their own first, then the others by name. */
  async accounts(em: EntityManager, person: User): Promise<AccountView[]> {
    const me = personOf(person);
    const rows = await em.execute<{ id: number; name: string; kind: string; access_level: AccessLevel }[]>(
      `select u.id, u.name, u.default_role as kind, 'ADMIN' as access_level from users u where u.id = ?
       union all
       select u.id, u.name, u.default_role, m.access_level from account_members m join users u on u.id = m.account_id
        where m.user_id = ?`,
      [me.id, me.id],
    );
    const ids = rows.map((r) => r.id);
    const balances = await balancesOfMany(em, ids);
    const today = await todayOf(em, ids);
    return rows
      .map((r) => ({
        id: r.id,
        name: r.name,
        kind: r.kind,
        accessLevel: r.access_level,
        own: r.id === me.id,
        ...balances.get(r.id)!,
        ...today.get(r.id)!,
      }))
      .sort((a, b) => Number(b.own) - Number(a.own) || a.name.localeCompare(b.name) || a.id - b.id);
  }

  /** The account's people: its owner (Admin), then its members. Any member sees them. */
  async members(em: EntityManager, person: User, accountId: number): Promise<MemberView[]> {
    await this.actingFor(em, person, accountId);
    const rows = await em.execute<
      { user_id: number; name: string; email: string; access_level: AccessLevel; owner: boolean; since: Date }[]
    >(
      `select u.id as user_id, u.name, u.email, 'ADMIN' as access_level, true as owner, u.created_at as since
         from users u where u.id = ?
       union all
       select u.id, u.name, u.email, m.access_level, false, m.created_at
         from account_members m join users u on u.id = m.user_id where m.account_id = ?
       order by owner desc, since, user_id`,
      [accountId, accountId],
    );
    return rows.map((r) => ({
      userId: r.user_id,
      name: r.name,
      email: r.email,
      accessLevel: r.access_level,
      owner: r.owner,
      since: new Date(r.since),
    }));
  }

  /** An Admin gives a member another level (not their own, not the owner's). In force at once. */
  async setLevel(
    em: EntityManager,
    person: User,
    accountId: number,
    userId: number,
    accessLevel: AccessLevel,
  ): Promise<MemberView> {
    const acting = await this.actingFor(em, person, accountId);
    authorize(acting, 'member.setLevel', { ownerId: accountId });
    const me = personOf(acting);
    if (userId === accountId) throw fail('OWNER_STAYS_ADMIN');
    if (userId === me.id) throw fail('OWN_LEVEL_UNCHANGEABLE');
    await em.transactional(async (tx) => {
      const [row] = await tx.execute<{ access_level: AccessLevel }[]>(
        'select access_level from account_members where account_id = ? and user_id = ? for update',
        [accountId, userId],
      );
      if (!row) throw fail('MEMBER_NOT_FOUND');
      if (row.access_level === accessLevel) return;
      await tx.execute(
        'update account_members set access_level = ?, updated_at = now() where account_id = ? and user_id = ?',
        [accessLevel, accountId, userId],
      );
      // Their open sockets reconnect with the level as it is now (server/app/graphql.ts).
      await tx.execute('select pg_notify(?, ?)', [USER_CHANGED_CHANNEL, String(userId)]);
      await this.tellAdmins(tx, accountId, 'teamLevelChanged', `level:${accountId}:${userId}:${Date.now()}`, {
        member: await this.nameOf(tx, userId),
        level: LEVEL_NAMES[accessLevel],
        by: await this.nameOf(tx, me.id),
      });
    });
    // This instance at once; the others when the NOTIFY reaches them.
    this.forgetPeople([userId]);
    this.deps.deliver();
    const members = await this.members(em, me, accountId);
    return members.find((m) => m.userId === userId)!;
  }

  /**
   * An Admin removes a member, or a member leaves (`userId` their own). The owner stays. In
   * force at once: the next request answers 404, and open sockets close (4404) within a second.
   */
  async remove(em: EntityManager, person: User, accountId: number, userId: number): Promise<void> {
    const acting = await this.actingFor(em, person, accountId);
    const me = personOf(acting);
    const leaving = userId === me.id;
    authorize(leaving ? me : acting, leaving ? 'member.leave' : 'member.remove', {
      ownerId: leaving ? me.id : accountId,
    });
    if (userId === accountId) throw fail('OWNER_STAYS_ADMIN');
    await em.transactional(async (tx) => {
      const removed = await tx.execute<{ user_id: number }[]>(
        'delete from account_members where account_id = ? and user_id = ? returning user_id',
        [accountId, userId],
      );
      if (!removed.length) throw fail('MEMBER_NOT_FOUND');
      await tx.execute('select pg_notify(?, ?)', [USER_CHANGED_CHANNEL, String(userId)]);
      await this.tellAdmins(tx, accountId, 'teamMemberLeft', `left:${accountId}:${userId}:${Date.now()}`, {
        member: await this.nameOf(tx, userId),
        by: leaving ? '' : await this.nameOf(tx, me.id),
      });
    });
    // This instance at once; the others when the NOTIFY reaches them.
    this.forgetPeople([userId]);
    this.deps.deliver();
  }

  async invitations(em: EntityManager, person: User, accountId: number): Promise<InvitationView[]> {
    await this.actingFor(em, person, accountId);
    const rows = await em.execute<InvitationRow[]>(
      `select i.id, i.email, i.access_level, u.name as invited_by, i.created_at, i.expires_at, i.accepted_at, i.revoked_at
         from account_invitations i left join users u on u.id = i.invited_by_id
        where i.account_id = ? order by i.created_at desc, i.id desc limit 200`,
      [accountId],
    );
    return rows.map((r) => this.invitationView(r));
  }

  private invitationView(r: InvitationRow): InvitationView {
    return {
      id: r.id,
      email: r.email,
      accessLevel: r.access_level,
      invitedBy: r.invited_by,
      createdAt: new Date(r.created_at),
      expiresAt: new Date(r.expires_at),
      status: statusOf(r),
    };
  }

  /**
   * An Admin invites an address with a level: a single-use link for 7 days, mailed to it (and
   * answered, to copy into Telegram). At most INVITATIONS_PER_DAY an account in 24 hours.
   */
  async invite(
    em: EntityManager,
    person: User,
    accountId: number,
    input: { email: string; accessLevel: AccessLevel },
  ): Promise<{ invitation: InvitationView; link: string }> {
    const acting = await this.actingFor(em, person, accountId);
    authorize(acting, 'invitation.create', { ownerId: accountId });
    const me = personOf(acting);
    const email = input.email.trim();
    const token = randomBytes(24).toString('base64url');
    const link = `${this.deps.appUrl()}/invitations/${token}`;
    const invitation = await em.transactional(async (tx) => {
      // One invitation at a time per account: the day's count cannot be overrun by a race.
      await tx.execute('select id from users where id = ? for update', [accountId]);
      const [inAccount] = await tx.execute<{ id: number }[]>(
        `select u.id from users u where lower(u.email) = lower(?) and (u.id = ? or exists
           (select 1 from account_members m where m.account_id = ? and m.user_id = u.id))`,
        [email, accountId, accountId],
      );
      if (inAccount)
        throw fail(inAccount.id === me.id && me.id === accountId ? 'INVITATION_TO_OWN_ACCOUNT' : 'ALREADY_A_MEMBER');
      const [{ count }] = await tx.execute<{ count: string }[]>(
        `select count(*) from account_invitations where account_id = ? and created_at > now() - interval '1 day'`,
        [accountId],
      );
      if (Number(count) >= INVITATIONS_PER_DAY) throw fail('INVITATION_LIMIT_REACHED', { limit: INVITATIONS_PER_DAY });
      // An expired invitation no longer holds the address.
      await tx.execute(
        `update account_invitations set revoked_at = expires_at
          where account_id = ? and lower(email) = lower(?) and accepted_at is null and revoked_at is null and expires_at <= now()`,
        [accountId, email],
      );
      const [row] = await tx.execute<InvitationRow[]>(
        `insert into account_invitations (account_id, email, access_level, token_hash, invited_by_id, expires_at)
         values (?, ?, ?, ?, ?, ?)
         on conflict do nothing
         returning id, email, access_level, null as invited_by, created_at, expires_at, accepted_at, revoked_at`,
        [accountId, email, input.accessLevel, hashToken(token), me.id, new Date(Date.now() + INVITATION_DAYS * DAY_MS)],
      );
      if (!row) throw fail('INVITATION_ALREADY_OPEN');
      return { ...row, invited_by: await this.nameOf(tx, me.id) };
    });
    const [account] = await em.execute<{ name: string; language: string | null }[]>(
      `select a.name, coalesce(i.language, ?) as language from users a
         left join users i on lower(i.email) = lower(?) where a.id = ?`,
      [(me as User).language ?? null, email, accountId],
    );
    const mail = invitationMail(languageOf(account?.language), {
      account: account?.name ?? '',
      inviter: invitation.invited_by ?? '',
      level: input.accessLevel,
      link,
      days: INVITATION_DAYS,
    });
    await this.deps.mailer
      .send({ to: email, ...mail })
      .catch((err) => this.deps.log.error({ err }, 'the invitation mail was not sent: the link can be copied'));
    return { invitation: this.invitationView(invitation), link };
  }

  async revoke(em: EntityManager, person: User, accountId: number, invitationId: number): Promise<InvitationView> {
    const acting = await this.actingFor(em, person, accountId);
    authorize(acting, 'invitation.revoke', { ownerId: accountId });
    const [row] = await em.execute<InvitationRow[]>(
      `update account_invitations i set revoked_at = coalesce(revoked_at, now())
        where id = ? and account_id = ? and accepted_at is null
        returning id, email, access_level, (select name from users where id = i.invited_by_id) as invited_by,
                  created_at, expires_at, accepted_at, revoked_at`,
      [invitationId, accountId],
    );
    if (!row) {
      const [used] = await em.execute('select 1 from account_invitations where id = ? and account_id = ?', [
        invitationId,
        accountId,
      ]);
      throw fail(used ? 'INVITATION_USED' : 'INVITATION_NOT_FOUND');
    }
    return this.invitationView(row);
  }

  /** What an invitation's link shows before it is accepted (anyone holding the link). */
  async preview(em: EntityManager, token: string): Promise<InvitationPreview> {
    const [row] = await em.execute<(InvitationRow & { account_name: string; has_account: boolean })[]>(
      `select i.id, i.email, i.access_level, u.name as invited_by, i.created_at, i.expires_at, i.accepted_at, i.revoked_at,
              a.name as account_name, exists (select 1 from users x where lower(x.email) = lower(i.email)) as has_account
         from account_invitations i join users a on a.id = i.account_id left join users u on u.id = i.invited_by_id
        where i.token_hash = ?`,
      [hashToken(token)],
    );
    if (!row) throw fail('INVITATION_NOT_FOUND');
    return {
      accountName: row.account_name,
      invitedBy: row.invited_by,
      email: row.email,
      accessLevel: row.access_level,
      expiresAt: new Date(row.expires_at),
      status: statusOf(row),
      hasAccount: row.has_account,
    };
  }

  /** The invited person, signed in with the invited address, joins with the invitation's level. */
  async accept(em: EntityManager, person: User, token: string): Promise<AccountView> {
    const me = personOf(person);
    authorize(me, 'invitation.accept');
    const accountId = await em.transactional(async (tx) => {
      const row = await this.openInvitation(tx, token, { lock: true });
      const [{ email }] = await tx.execute<{ email: string }[]>('select email from users where id = ?', [me.id]);
      if (email.toLowerCase() !== row.email.toLowerCase())
        throw fail('INVITATION_FOR_ANOTHER_ADDRESS', { email: row.email });
      if (row.account_id === me.id) throw fail('INVITATION_TO_OWN_ACCOUNT');
      await this.join(tx, me.id, row);
      return row.account_id;
    });
    this.deps.deliver();
    return (await this.accounts(em, me)).find((a) => a.id === accountId)!;
  }

  /**
   * Registration through an invitation: the Admin vouched for the address, so no registration
   * queue. The account is made with the invited address (the link was sent there) and the
   * account's kind, and joins with the invitation's level in the same transaction; the caller
   * signs the new person in. An address that already has an account signs in and accepts instead.
   */
  async registerInvited(em: EntityManager, token: string, input: InvitedRegistration): Promise<User> {
    // A link that cannot be used is refused before the password is hashed (that costs).
    await this.openInvitation(em, token, { lock: false });
    const passwordHash = await this.deps.hashPassword(input.password);
    const user = await em.transactional(async (tx) => {
      const row = await this.openInvitation(tx, token, { lock: true });
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`registration:${row.email}`]);
      const [taken] = await tx.execute('select 1 from users where lower(email) = lower(?)', [row.email]);
      if (taken) throw fail('INVITATION_ADDRESS_HAS_ACCOUNT', { email: row.email });
      const [account] = await tx.execute<{ default_role: User['defaultRole'] }[]>(
        'select default_role from users where id = ?',
        [row.account_id],
      );
      const made = tx.create(UserEntity, {
        name: input.name,
        email: row.email,
        passwordHash,
        defaultRole: account.default_role,
        telegram: input.telegram ?? null,
      });
      await tx.flush();
      await this.join(tx, made.id, row);
      return made;
    });
    this.deps.deliver();
    return user;
  }

  /** The invitation the token opens, while it can still be accepted (held until the transaction ends with `lock`). */
  private async openInvitation(em: EntityManager, token: string, { lock }: { lock: boolean }) {
    const [row] = await em.execute<({ account_id: number; invited_by_id: number | null } & InvitationRow)[]>(
      `select * from account_invitations where token_hash = ?${lock ? ' for update' : ''}`,
      [hashToken(token)],
    );
    if (!row) throw fail('INVITATION_NOT_FOUND');
    const status = statusOf(row);
    if (status === 'ACCEPTED') throw fail('INVITATION_USED');
    if (status === 'REVOKED') throw fail('INVITATION_REVOKED');
    if (status === 'EXPIRED') throw fail('INVITATION_EXPIRED');
    return row;
  }

  /** `personId` joins the invitation's account with its level; the invitation is used; the Admins are told. */
  private async join(
    tx: EntityManager,
    personId: number,
    row: { id: number; account_id: number; invited_by_id: number | null; access_level: AccessLevel },
  ) {
    const inserted = await tx.execute(
      `insert into account_members (account_id, user_id, access_level, added_by_id) values (?, ?, ?, ?)
       on conflict do nothing returning user_id`,
      [row.account_id, personId, row.access_level, row.invited_by_id],
    );
    if (!inserted.length) throw fail('ALREADY_A_MEMBER');
    await tx.execute('update account_invitations set accepted_at = now(), accepted_by_id = ? where id = ?', [
      personId,
      row.id,
    ]);
    await this.tellAdmins(tx, row.account_id, 'teamMemberJoined', `joined:${row.account_id}:${personId}:${row.id}`, {
      member: await this.nameOf(tx, personId),
      level: LEVEL_NAMES[row.access_level],
    });
  }

  /**
   * The account's change history (any member sees it): who changed what, when, from where, the
   * fields before and after; newest first.
   */
  async activity(
    em: EntityManager,
    person: User,
    accountId: number,
    filter: ActivityFilter,
    page: number,
    limit: number,
  ) {
    await this.actingFor(em, person, accountId);
    return readActivity(em, accountId, filter, { offset: (page - 1) * limit, limit });
  }

  /**
   * Ticks each time the account's history grows, for a list that shows it live: the history's
   * trigger NOTIFYs on commit, every instance hears the database (`heardActivity`) and tells its
   * own subscribers; they read the page anew.
   */
  async followActivity(em: EntityManager, person: User, accountId: number): Promise<AsyncIterableIterator<number>> {
    await this.actingFor(em, person, accountId);
    return this.historyGrew.subscribe<number>(`activity:${accountId}`);
  }

  /**
   * The id of one of the person's accounts each time its balance or its campaigns' or apps'
   * totals change (at most once a second an account: account-events.ts), for the Accounts
   * overview to read anew. The accounts are those the person is in when subscribing; one they
   * are removed from is heard no more (its membership is checked before each word, in force
   * within MEMBERSHIP_FRESH_MS).
   */
  async followAccounts(em: EntityManager, person: User): Promise<AsyncIterableIterator<number>> {
    const me = personOf(person);
    const rows = await em.execute<{ id: number }[]>(
      'select ? as id union select account_id from account_members where user_id = ?',
      [me.id, me.id],
    );
    return accountEvents(
      this.deps.pubsub,
      rows.map((r) => Number(r.id)),
      async (id) => id === me.id || (await this.membership(em, id, me.id)) !== null,
    );
  }

  /** The database said the history of the account (the NOTIFY's payload) grew. */
  heardActivity(payload: string) {
    const accountId = Number(payload);
    if (Number.isSafeInteger(accountId)) void this.historyGrew.publish(`activity:${accountId}`, accountId);
  }

  /** The whole filtered history, page after page (the CSV). */
  async *activityStream(em: EntityManager, person: User, accountId: number, filter: ActivityFilter) {
    await this.actingFor(em, person, accountId);
    for (let offset = 0; ; offset += 500) {
      const { data } = await readActivity(em, accountId, filter, { offset, limit: 500 });
      yield* data;
      if (data.length < 500) return;
    }
  }

  private async nameOf(tx: EntityManager, userId: number): Promise<string> {
    const [row] = await tx.execute<{ name: string }[]>('select name from users where id = ?', [userId]);
    return row?.name ?? '';
  }

  /** A security notice to each Admin of the account (its owner and Admin members). */
  private async tellAdmins(
    tx: EntityManager,
    accountId: number,
    type: 'teamMemberJoined' | 'teamMemberLeft' | 'teamLevelChanged',
    key: string,
    params: Record<string, string>,
  ) {
    const admins = await tx.execute<{ id: number }[]>(
      `select ? as id union select user_id from account_members where account_id = ? and access_level = 'ADMIN'`,
      [accountId, accountId],
    );
    const [account] = await tx.execute<{ name: string }[]>('select name from users where id = ?', [accountId]);
    await this.deps.notify(
      tx,
      admins.map((a) => ({
        userId: Number(a.id),
        type,
        key,
        params: { ...params, team: account?.name ?? '' },
        path: '/team',
      })),
    );
  }
}
