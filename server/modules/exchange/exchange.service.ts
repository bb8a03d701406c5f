import { fail } from '../../failures.ts';
import { authorize } from '../../lib/access.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { type Emit, inTransaction } from '../../db/transaction.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { once } from '../../lib/idempotency.ts';
import type { Notify } from '../notifications/notify.ts';
import type { LookupsService } from '../lookups/lookups.service.ts';
import type { TaskType } from '../projects/project.entity.ts';
import { User } from '../users/user.entity.ts';
import type { DealStatus, OfferStatus } from './exchange.entity.ts';
import type { CreateOfferInput, DealAction } from './exchange.inputs.ts';

export * from './exchange-views.ts';
import {
  type AwaitingOffers,
  type CatalogApp,
  DEAL_SELECT,
  type DealView,
  type ExchangeProject,
  OFFER_SELECT,
  type OfferView,
  type Row,
  STATUS_WORDS,
  dealView,
  offerView,
} from './exchange-views.ts';

/**
 * The exchange: apps swap traffic. Confirming an offer makes a deal and, for each side, one
 * zero-price campaign per resource of the other side's project, shown only in the delivering
 * app; the conversion function counts deliveries on the deal row (see its migration).
 */
export class ExchangeService {
  constructor(
    private readonly deps: {
      pubsub: PubSub;
      lookups: LookupsService;
      log: Logger;
      /** Tells the parties of offers and swaps (the notifications area). */
      notify?: Notify;
    },
  ) {}

  /** PATCH /v1/users/self { isExchangeReady: true } needs at least one app and one project. */
  async assertCanJoin(em: EntityManager, userId: number): Promise<void> {
    const [row] = await em.execute<{ apps: string; projects: string }[]>(
      `select (select count(*) from platforms where owner_id = ? and is_active) as apps,
              (select count(*) from projects where owner_id = ?) as projects`,
      [userId, userId],
    );
    const apps = Number(row.apps);
    const projects = Number(row.projects);
    if (!apps && !projects) throw fail('EXCHANGE_NEEDS_APP_AND_PROJECT');
    if (!apps) throw fail('EXCHANGE_NEEDS_APP');
    if (!projects) throw fail('EXCHANGE_NEEDS_PROJECT');
  }

  async catalog(
    em: EntityManager,
    user: User,
    q: { search?: string; page: number; limit: number },
  ): Promise<{ data: CatalogApp[]; total: number }> {
    const search = q.search?.trim() ? `%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = `u.is_exchange_ready and p.is_active and p.owner_id <> ?
      and (?::text is null or p.title ilike ? or u.name ilike ? or cat.title ilike ?)`;
    const params = [user.id, search, search, search, search];
    const [{ total }] = await em.execute<{ total: string }[]>(
      `select count(*) as total from platforms p join users u on u.id = p.owner_id
         join categories cat on cat.id = p.category_id where ${where}`,
      params,
    );
    const rows = await em.execute<Row[]>(
      `select p.id, p.title, p.logo, p.category_id, cat.title as category_title, u.name as owner_name,
              array(select s.task_type from platform_services s where s.platform_id = p.id and not s.is_excluded
                     order by array_position(array['BOT','CHANNEL','CHAT','SMART_LINK','CUSTOM'], s.task_type::text)) as task_types,
              (select count(*) from conversions v where v.platform_id = p.id
                 and v.created_at > now() - interval '30 days' and v.status <> 'VOIDED') as recent
         from platforms p join users u on u.id = p.owner_id join categories cat on cat.id = p.category_id
        where ${where}
        order by recent desc, p.id desc
        limit ? offset ?`,
      [...params, q.limit, (q.page - 1) * q.limit],
    );
    return {
      total: Number(total),
      data: rows.map((r) => ({
        id: Number(r.id),
        title: String(r.title),
        logo: String(r.logo),
        category: { id: Number(r.category_id), title: String(r.category_title) },
        taskTypes: r.task_types as TaskType[],
        ownerName: String(r.owner_name),
        recentCompletions: Number(r.recent),
      })),
    };
  }

  /** The projects of an app's owner one may ask for; without an app, my own. */
  async projects(em: EntityManager, user: User, platformId?: number): Promise<{ data: ExchangeProject[] }> {
    let ownerId = user.id;
    if (platformId) {
      const [p] = await em.execute<{ owner_id: number }[]>(
        `select p.owner_id from platforms p join users u on u.id = p.owner_id
          where p.id = ? and p.is_active and u.is_exchange_ready and p.owner_id <> ?`,
        [platformId, user.id],
      );
      if (!p) throw fail('APP_NOT_FOUND');
      ownerId = p.owner_id;
    }
    const rows = await em.execute<Row[]>(
      `select pj.id, pj.title, pj.category_id, cat.title as category_title,
              (select count(*) from tasks t where t.project_id = pj.id) as resources,
              array(select distinct t.type from tasks t where t.project_id = pj.id) as task_types
         from projects pj join categories cat on cat.id = pj.category_id
        where pj.owner_id = ? order by pj.id desc limit 100`,
      [ownerId],
    );
    return {
      data: rows.map((r) => ({
        id: Number(r.id),
        title: String(r.title),
        category: { id: Number(r.category_id), title: String(r.category_title) },
        resources: Number(r.resources),
        taskTypes: r.task_types as TaskType[],
      })),
    };
  }

  async awaiting(em: EntityManager, userId: number): Promise<AwaitingOffers> {
    const [row] = await em.execute<{ incoming: string; outgoing: string }[]>(
      `select count(*) filter (where partner_id = ?) as incoming, count(*) filter (where proposer_id = ?) as outgoing
         from exchange_offers
        where status = 'PENDING' and (expires_at is null or expires_at > now()) and (partner_id = ? or proposer_id = ?)`,
      [userId, userId, userId, userId],
    );
    return { incoming: Number(row.incoming), outgoing: Number(row.outgoing) };
  }

  /** A new offer; `idempotencyKey` makes a retry answer the first offer instead of refusing a second one. */
  async createOffer(
    em: EntityManager,
    user: User,
    input: CreateOfferInput,
    idempotencyKey?: string | null,
  ): Promise<OfferView> {
    authorize(user, 'offer.create');
    return inTransaction(em, this.deps.pubsub, (tx, emit) =>
      once(
        tx,
        { userId: user.id, key: idempotencyKey, operation: 'createOffer', request: input },
        (id) => this.offer(tx, id),
        async () => {
          const me = await tx.findOneOrFail(User, { id: user.id }, { refresh: true });
          if (!me.isExchangeReady) throw fail('EXCHANGE_NOT_JOINED');
          const [mine] = await tx.execute<{ ok: boolean }[]>(
            'select exists (select 1 from platforms where id = ? and owner_id = ? and is_active) as ok',
            [input.platformId, user.id],
          );
          if (!mine.ok) throw fail('OFFER_APP_NOT_YOURS');
          await this.checkProject(tx, user.id, input.projectId, 'mine');
          const [partner] = await tx.execute<{ owner_id: number; ready: boolean }[]>(
            `select p.owner_id, u.is_exchange_ready as ready from platforms p join users u on u.id = p.owner_id
              where p.id = ? and p.is_active`,
            [input.partnerPlatformId],
          );
          if (!partner) throw fail('APP_NOT_FOUND');
          if (partner.owner_id === user.id) throw fail('OFFER_TO_OWN_APP');
          if (!partner.ready) throw fail('PARTNER_LEFT_EXCHANGE');
          await this.checkProject(tx, partner.owner_id, input.partnerProjectId, 'partner');
          // An expired offer still marked pending does not block a new one for the same apps.
          await this.expireDue(tx, emit, [input.platformId, input.partnerPlatformId]);
          const [created] = await tx.execute<{ id: number }[]>(
            `insert into exchange_offers (proposer_id, partner_id, platform_id, project_id, partner_platform_id,
               partner_project_id, quantity, partner_quantity, expires_at, message)
             values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             on conflict (least(platform_id, partner_platform_id), greatest(platform_id, partner_platform_id))
               where status = 'PENDING' do nothing
             returning id`,
            [
              user.id,
              partner.owner_id,
              input.platformId,
              input.projectId,
              input.partnerPlatformId,
              input.partnerProjectId,
              input.quantity,
              input.partnerQuantity ?? input.quantity,
              input.expiresAt ?? null,
              input.message || null,
            ],
          );
          if (!created) throw fail('OFFER_PENDING_ALREADY');
          await this.emitAwaiting(tx, emit, [user.id, partner.owner_id]);
          await this.deps.notify?.(
            tx,
            {
              userId: partner.owner_id,
              type: 'offerReceived',
              key: `offer-received:${created.id}`,
              params: { from: me.name, count: input.partnerQuantity ?? input.quantity },
              path: '/exchange/incoming',
            },
            emit,
          );
          return { id: created.id, result: await this.offer(tx, created.id) };
        },
      ),
    );
  }

  /** An offer's project: one of its side's own, with resources to show. */
  private async checkProject(tx: EntityManager, ownerId: number, projectId: number, side: 'mine' | 'partner') {
    const [p] = await tx.execute<{ resources: string }[]>(
      'select (select count(*) from tasks t where t.project_id = pj.id) as resources from projects pj where pj.id = ? and pj.owner_id = ?',
      [projectId, ownerId],
    );
    if (!p) throw fail(side === 'mine' ? 'OFFER_PROJECT_NOT_YOURS' : 'PARTNER_PROJECT_NOT_THEIRS');
    if (Number(p.resources) === 0) throw fail(side === 'mine' ? 'OFFER_PROJECT_EMPTY' : 'PARTNER_PROJECT_EMPTY');
  }

  async offer(em: EntityManager, id: number): Promise<OfferView> {
    const [row] = await em.execute<Row[]>(`${OFFER_SELECT} where o.id = ?`, [id]);
    if (!row) throw fail('OFFER_NOT_FOUND');
    return offerView(row);
  }

  /** One offer the account is a party to (proposer or partner); any other answers 404, as if it did not exist. */
  async offerFor(em: EntityManager, user: User, id: number): Promise<OfferView> {
    const [row] = await em.execute<Row[]>(`${OFFER_SELECT} where o.id = ? and ? in (o.proposer_id, o.partner_id)`, [
      id,
      user.id,
    ]);
    if (!row) throw fail('OFFER_NOT_FOUND');
    return offerView(row);
  }

  async listOffers(
    em: EntityManager,
    user: User,
    q: { direction: 'incoming' | 'outgoing'; status?: OfferStatus; page: number; limit: number },
  ): Promise<{ data: OfferView[]; total: number }> {
    const column = q.direction === 'incoming' ? 'o.partner_id' : 'o.proposer_id';
    const where = `${column} = ? and (?::text is null or o.status = ?)`;
    const params = [user.id, q.status ?? null, q.status ?? null];
    const [{ total }] = await em.execute<{ total: string }[]>(
      `select count(*) as total from exchange_offers o where ${where}`,
      params,
    );
    const rows = await em.execute<Row[]>(
      `${OFFER_SELECT} where ${where}
        order by (o.status = 'PENDING') desc, o.id desc limit ? offset ?`,
      [...params, q.limit, (q.page - 1) * q.limit],
    );
    return { data: rows.map(offerView), total: Number(total) };
  }

  /** Confirm (partner), reject (partner) or withdraw (proposer): each transition happens once. */
  async decide(
    em: EntityManager,
    user: User,
    id: number,
    action: 'confirm' | 'reject' | 'withdraw',
  ): Promise<OfferView> {
    authorize(user, 'offer.answer');
    return inTransaction(em, this.deps.pubsub, async (tx, emit) => {
      // The offer row lock serialises racing decisions: the loser sees the winner's status.
      const [o] = await tx.execute<
        {
          id: number;
          status: OfferStatus;
          proposer_id: number;
          partner_id: number;
          expires_at: string | null;
          expired: boolean;
        }[]
      >(
        `select id, status, proposer_id, partner_id, expires_at, (expires_at is not null and expires_at <= now()) as expired
           from exchange_offers where id = ? and (proposer_id = ? or partner_id = ?) for update`,
        [id, user.id, user.id],
      );
      if (!o) throw fail('OFFER_NOT_FOUND');
      if (action === 'withdraw' && o.proposer_id !== user.id) throw fail('OFFER_WITHDRAWN_BY_OTHER');
      if (action !== 'withdraw' && o.partner_id !== user.id) throw fail('OWN_OFFER_ANSWERED');
      if (o.status === 'PENDING' && o.expired) {
        await this.expireDue(tx, emit, undefined, id);
        throw fail('OFFER_EXPIRED');
      }
      if (o.status !== 'PENDING') throw fail('OFFER_ENDED', { status: STATUS_WORDS[o.status] });
      const status = { confirm: 'CONFIRMED', reject: 'REJECTED', withdraw: 'WITHDRAWN' }[action];
      let dealId: number | null = null;
      if (action === 'confirm') dealId = await this.makeDeal(tx, emit, id);
      await tx.execute(
        'update exchange_offers set status = ?, decided_at = now(), deal_id = ?, updated_at = now() where id = ?',
        [status, dealId, id],
      );
      await this.emitAwaiting(tx, emit, [o.proposer_id, o.partner_id]);
      if (action !== 'withdraw') {
        const accepted = action === 'confirm';
        await this.deps.notify?.(
          tx,
          {
            userId: o.proposer_id,
            type: accepted ? 'offerAccepted' : 'offerDeclined',
            key: `offer-decided:${id}`,
            params: { by: user.name },
            path: accepted ? '/exchange/swaps' : '/exchange/outgoing',
          },
          emit,
        );
      }
      return this.offer(tx, id);
    });
  }

  /** The deal of a confirmed offer, with one swap campaign per resource on each side. */
  private async makeDeal(tx: EntityManager, emit: Emit, offerId: number): Promise<number> {
    const [ready] = await tx.execute<{ ok: boolean }[]>(
      `select (pa.is_active and pb.is_active and ua.is_exchange_ready and ub.is_exchange_ready) as ok
         from exchange_offers o
         join platforms pa on pa.id = o.platform_id join platforms pb on pb.id = o.partner_platform_id
         join users ua on ua.id = o.proposer_id join users ub on ub.id = o.partner_id
        where o.id = ?`,
      [offerId],
    );
    if (!ready?.ok) throw fail('OFFER_SIDE_LEFT');
    const [deal] = await tx.execute<{ id: number }[]>(
      `insert into exchange_deals (offer_id, proposer_id, partner_id, platform_id, project_id, partner_platform_id,
         partner_project_id, quantity, partner_quantity)
       select id, proposer_id, partner_id, platform_id, project_id, partner_platform_id, partner_project_id,
              quantity, partner_quantity
         from exchange_offers where id = ?
       returning id`,
      [offerId],
    );
    // Zero price for every tier, so the showcase's price filter and ordering treat swaps alike.
    const tiers = await this.deps.lookups.tierList(tx);
    const prices = JSON.stringify(Object.fromEntries(tiers.map((t) => [String(t.level), '0'])));
    // Proposer's app (A) shows the partner's project (P'); the partner's app (B) shows P.
    await tx.execute(
      `insert into campaigns (owner_id, project_id, task_id, task_type, task_title, task_url, name, status, is_active,
         prices, min_price, countries, languages, deal_id, platform_id)
       select pj.owner_id, t.project_id, t.id, t.type, t.title, t.url, left('Swap #' || d.id || ': ' || t.title, 120),
              'ACTIVE', true, ?::jsonb, 0, '{}', '{}', d.id, side.platform_id
         from exchange_deals d
         cross join lateral (values (d.partner_project_id, d.platform_id), (d.project_id, d.partner_platform_id))
           as side(project_id, platform_id)
         join projects pj on pj.id = side.project_id
         join tasks t on t.project_id = side.project_id
        where d.id = ?`,
      [prices, deal.id],
    );
    await this.emitDeal(tx, emit, deal.id);
    return deal.id;
  }

  /** Marks due pending offers expired (all, one pair of apps, or one offer); returns how many. */
  async expireDue(tx: EntityManager, emit: Emit, pair?: [number, number], offerId?: number): Promise<number> {
    const filters: string[] = [];
    const params: unknown[] = [];
    if (pair) {
      filters.push('least(platform_id, partner_platform_id) = least(?::int, ?::int)');
      filters.push('greatest(platform_id, partner_platform_id) = greatest(?::int, ?::int)');
      params.push(pair[0], pair[1], pair[0], pair[1]);
    }
    if (offerId) {
      filters.push('id = ?');
      params.push(offerId);
    }
    const rows = await tx.execute<{ proposer_id: number; partner_id: number }[]>(
      `update exchange_offers set status = 'EXPIRED', decided_at = now(), updated_at = now()
        where status = 'PENDING' and expires_at <= now() ${filters.map((f) => `and ${f}`).join(' ')}
        returning proposer_id, partner_id`,
      params,
    );
    if (rows.length)
      await this.emitAwaiting(
        tx,
        emit,
        rows.flatMap((r) => [r.proposer_id, r.partner_id]),
      );
    return rows.length;
  }

  /** The background job's step: expire due offers and tell both sides. */
  async expireOffers(em: EntityManager): Promise<number> {
    return inTransaction(em, this.deps.pubsub, (tx, emit) => this.expireDue(tx, emit));
  }

  async listDeals(
    em: EntityManager,
    user: User,
    q: { status?: DealStatus; page: number; limit: number },
  ): Promise<{ data: DealView[]; total: number }> {
    const where = '(d.proposer_id = ? or d.partner_id = ?) and (?::text is null or d.status = ?)';
    const params = [user.id, user.id, q.status ?? null, q.status ?? null];
    const [{ total }] = await em.execute<{ total: string }[]>(
      `select count(*) as total from exchange_deals d where ${where}`,
      params,
    );
    const rows = await em.execute<Row[]>(
      `${DEAL_SELECT} where ${where}
        order by (d.status in ('ACTIVE', 'PAUSED')) desc, d.id desc limit ? offset ?`,
      [...params, q.limit, (q.page - 1) * q.limit],
    );
    return { data: rows.map(dealView), total: Number(total) };
  }

  async deal(em: EntityManager, id: number): Promise<DealView> {
    const [row] = await em.execute<Row[]>(`${DEAL_SELECT} where d.id = ?`, [id]);
    if (!row) throw fail('DEAL_NOT_FOUND');
    return dealView(row);
  }

  /** Pause, resume or end a deal (either party). Its swap campaigns follow. */
  async changeDeal(em: EntityManager, user: User, id: number, action: DealAction): Promise<DealView> {
    authorize(user, 'deal.change');
    return inTransaction(em, this.deps.pubsub, async (tx, emit) => {
      // Campaign rows first, then the deal row: the conversion function's lock order.
      await tx.execute('select id from campaigns where deal_id = ? order by id for no key update', [id]);
      const [d] = await tx.execute<{ status: DealStatus }[]>(
        'select status from exchange_deals where id = ? and (proposer_id = ? or partner_id = ?) for no key update',
        [id, user.id, user.id],
      );
      if (!d) throw fail('DEAL_NOT_FOUND');
      const next: DealStatus | null =
        action === 'pause' && d.status === 'ACTIVE'
          ? 'PAUSED'
          : action === 'resume' && d.status === 'PAUSED'
            ? 'ACTIVE'
            : action === 'end' && (d.status === 'ACTIVE' || d.status === 'PAUSED')
              ? 'ENDED'
              : null;
      if (!next) {
        const what = { pause: 'paused', resume: 'resumed', end: 'ended' }[action];
        throw fail('DEAL_ENDED', { status: d.status.toLowerCase(), what });
      }
      await tx.execute(
        `update exchange_deals set status = ?, updated_at = now(), ended_at = case when ? = 'ENDED' then now() end
          where id = ?`,
        [next, next, id],
      );
      await tx.execute(
        `update campaigns set is_active = ?, status = case when ? = 'ENDED' then 'STOPPED' else status end,
                updated_at = now()
          where deal_id = ?`,
        [next === 'ACTIVE', next, id],
      );
      await this.emitDeal(tx, emit, id);
      return this.deal(tx, id);
    });
  }

  /** After a committed swap delivery: both parties' Swaps pages tick. */
  async publishDeal(em: EntityManager, id: number): Promise<void> {
    try {
      const view = await this.deal(em, id);
      await this.deps.pubsub.publish(topics.deals(view.proposer.id), view);
      await this.deps.pubsub.publish(topics.deals(view.partner.id), view);
      if (view.status === 'COMPLETED' && this.deps.notify) {
        const notify = this.deps.notify;
        const events = [
          [view.proposer, view.partner],
          [view.partner, view.proposer],
        ].map(([to, other]) => ({
          userId: to.id,
          type: 'swapFinished' as const,
          key: `swap-finished:${id}`,
          params: { with: other.name },
          path: '/exchange/swaps',
        }));
        await inTransaction(em.fork(), this.deps.pubsub, (tx, emit) => notify(tx, events, emit));
      }
    } catch (err) {
      this.deps.log.warn({ err, deal: id }, 'dealUpdated not published');
    }
  }

  private async emitDeal(tx: EntityManager, emit: Emit, id: number) {
    const view = await this.deal(tx, id);
    emit(topics.deals(view.proposer.id), view);
    emit(topics.deals(view.partner.id), view);
  }

  private async emitAwaiting(tx: EntityManager, emit: Emit, userIds: number[]) {
    for (const userId of new Set(userIds)) emit(topics.awaitingOffers(userId), await this.awaiting(tx, userId));
  }
}
