import { fail } from '../../failures.ts';
import { authorize } from '../../lib/access.ts';
import { bumpVersion, checkVersion } from '../../db/versions.ts';
import { staleVersion } from '../teams/activity.ts';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Emit } from '../../db/transaction.ts';
import type { DomainError } from '../../errors.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { formatMoney } from '../../lib/money.ts';
import { balancesFromRows, balancesPayload } from '../ledger/balances.ts';
import { InsufficientFunds } from '../ledger/balances.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import { ONLY_PREMIUM_USER_COMMISSION_PERCENT } from '../lookups/lookups.constants.ts';
import type { LookupsService } from '../lookups/lookups.service.ts';
import { callKey, once } from '../../lib/idempotency.ts';
import { Project, Task } from '../projects/project.entity.ts';
import type { User } from '../users/user.entity.ts';
import { type TablePage, tablePage, tableRows } from '../../lib/data-table.ts';
import { Campaign, statusFor } from './campaign.entity.ts';
import type { CreateCampaignInput, UpdateCampaignInput } from './campaigns.inputs.ts';

export * from './campaign-views.ts';
import { PlatformCampaigns } from './platform-campaigns.ts';
import { campaignBudgets, campaignViews } from './campaign-read.ts';
import { checkCountries, checkLanguages, minPrice, resolvePrices } from './campaign-pricing.ts';
import {
  type CampaignStats,
  type CampaignTableQuery,
  type CampaignView,
  campaignJson,
  campaignsSql,
} from './campaign-views.ts';

export class CampaignsService {
  constructor(
    private readonly deps: {
      pubsub: PubSub;
      ledger: Ledger;
      lookups: LookupsService;
    },
  ) {}

  /** What publishers see of the campaigns shown in their apps (rows, CSV, totals). */
  readonly platforms = new PlatformCampaigns();

  /** Extra percent the campaign pays per action when it is shown only to Premium users. */
  readonly premiumPercent = ONLY_PREMIUM_USER_COMMISSION_PERCENT;

  private knownCountries(): Set<string> {
    return new Set(this.deps.lookups.countries().map((c) => c.id));
  }

  private async tiers(em: EntityManager) {
    return this.deps.lookups.tierList(em);
  }

  private async ownedTask(em: EntityManager, owner: User, projectId: number, taskId: number) {
    const project = await em.findOne(Project, { id: projectId, ownerId: owner.id });
    if (!project) throw fail('PROJECT_NOT_FOUND');
    const task = await em.findOne(Task, { id: taskId, projectId });
    if (!task) throw fail('RESOURCE_NOT_FOUND');
    return task;
  }

  /** Throws NOT_FOUND unless the campaign is the owner's (not deleted, not a swap's). */
  async assertOwner(em: EntityManager, owner: User, id: number) {
    await this.owned(em, owner, id);
  }

  /** The owner's campaign, row-locked when `lock` (inside a transaction). Ownership is in the query. */
  private async owned(
    em: EntityManager,
    owner: User,
    id: number,
    opts: { projectId?: number; lock?: boolean } = {},
  ): Promise<Campaign> {
    if (opts.lock) {
      // FOR NO KEY UPDATE, as the conversion function takes it: one order, no deadlock.
      const rows = await em.execute<{ id: number }[]>(
        `select id from campaigns where id = ? and owner_id = ? and deleted_at is null and deal_id is null ${
          opts.projectId ? 'and project_id = ?' : ''
        } for no key update`,
        opts.projectId ? [id, owner.id, opts.projectId] : [id, owner.id],
      );
      if (!rows.length) throw fail('CAMPAIGN_NOT_FOUND');
      return em.findOneOrFail(Campaign, { id }, { refresh: true });
    }
    const c = await em.findOne(Campaign, {
      id,
      ownerId: owner.id,
      deletedAt: null,
      dealId: null,
      ...(opts.projectId ? { projectId: opts.projectId } : {}),
    });
    if (!c) throw fail('CAMPAIGN_NOT_FOUND');
    return c;
  }

  /** What each campaign has left to spend (its budget account's available balance). */
  budgets(em: EntityManager, ids: number[]): Promise<Map<number, bigint>> {
    return campaignBudgets(em, ids);
  }

  private views(em: EntityManager, campaigns: Campaign[]): Promise<CampaignView[]> {
    return campaignViews(em, campaigns);
  }

  async view(em: EntityManager, c: Campaign): Promise<CampaignView> {
    return (await this.views(em, [c]))[0];
  }

  static stats(v: CampaignView): CampaignStats {
    return {
      id: v.id,
      projectId: v.projectId,
      status: v.status,
      isActive: v.isActive,
      budget: v.budget.toString(),
      conversions: v.conversions,
      spend: v.spend.toString(),
      todayConversions: v.todayConversions,
      todaySpend: v.todaySpend.toString(),
      notNew: v.notNew,
      rejectReason: v.rejectReason,
    };
  }

  emitStats(emit: Emit, ownerId: number, v: CampaignView) {
    const payload = CampaignsService.stats(v);
    emit(topics.campaignStats(v.projectId), payload);
    emit(topics.ownerCampaignStats(ownerId), payload);
  }

  /** The advertiser's paid campaigns as the data table asks; newest first unless sorted. */
  async list(em: EntityManager, owner: User, q: CampaignTableQuery): Promise<TablePage<CampaignView>> {
    await this.checkProject(em, owner, q.filters.projectId);
    const { sql, params } = campaignsSql(owner, q);
    const { rows, totalCount } = await tablePage<{ id: number }>(
      em,
      q,
      { count: `select count(*) as n ${sql.from}`, rows: `select c.id ${sql.from} order by ${sql.order}` },
      params,
    );
    return {
      data: await this.byIds(
        em,
        rows.map((r) => r.id),
      ),
      totalCount,
    };
  }

  /** Every campaign the table's filters select, in its order, 200 at a time (CSV export). */
  async *stream(
    em: EntityManager,
    owner: User,
    q: Pick<CampaignTableQuery, 'filters' | 'search' | 'sortField' | 'sortOrder'>,
  ): AsyncGenerator<CampaignView> {
    await this.checkProject(em, owner, q.filters.projectId);
    const { sql, params } = campaignsSql(owner, q);
    let ids: number[] = [];
    for await (const row of tableRows<{ id: number }>(
      em,
      `select c.id ${sql.from} order by ${sql.order}`,
      params,
      200,
    )) {
      ids.push(row.id);
      if (ids.length === 200) {
        yield* await this.byIds(em.fork(), ids);
        ids = [];
      }
    }
    if (ids.length) yield* await this.byIds(em.fork(), ids);
  }

  private async checkProject(em: EntityManager, owner: User, projectId: number | undefined) {
    if (projectId && !(await em.findOne(Project, { id: projectId, ownerId: owner.id })))
      throw fail('PROJECT_NOT_FOUND');
  }

  /** Views of campaigns in the order of `ids`. */
  private async byIds(em: EntityManager, ids: number[]): Promise<CampaignView[]> {
    if (!ids.length) return [];
    const found = await em.find(Campaign, { id: { $in: ids } });
    const byId = new Map(found.map((c) => [c.id, c]));
    return this.views(
      em,
      ids.flatMap((id) => byId.get(id) ?? []),
    );
  }

  async get(em: EntityManager, owner: User, id: number, projectId?: number): Promise<CampaignView> {
    return this.view(em, await this.owned(em, owner, id, { projectId }));
  }

  /** The campaigns of several resources (the resource table's Campaign column). */
  async forTasks(em: EntityManager, ownerId: number, taskIds: number[]): Promise<Map<number, CampaignView[]>> {
    const result = new Map<number, CampaignView[]>(taskIds.map((id) => [id, []]));
    if (!taskIds.length) return result;
    const rows = await em.find(
      Campaign,
      { ownerId, taskId: { $in: taskIds }, deletedAt: null, dealId: null },
      { orderBy: { id: 'desc' } },
    );
    for (const v of await this.views(em, rows)) result.get(v.taskId!)?.push(v);
    return result;
  }

  async create(
    em: EntityManager,
    owner: User,
    projectId: number,
    taskId: number,
    input: CreateCampaignInput,
    /** The Idempotency-Key header; the input's `idempotencyKey` is the same thing in the body. */
    headerKey?: string | null,
  ): Promise<CampaignView> {
    authorize(owner, 'campaign.create');
    const task = await this.ownedTask(em, owner, projectId, taskId);
    const prices = resolvePrices(await this.tiers(em), input.prices);
    const countries = checkCountries(this.knownCountries(), input.countries) ?? [];
    const languages = checkLanguages(input.languages) ?? [];
    const premium = input.isPremiumOnly ?? false;
    if (input.budget !== undefined && input.budget <= 0n) throw fail('CAMPAIGN_BUDGET_NOT_POSITIVE');
    const { ledger } = this.deps;
    const { idempotencyKey, ...request } = input;
    const key = callKey(idempotencyKey, headerKey);
    return ledger.run(em, (tx, emit) =>
      once(
        tx,
        {
          userId: owner.id,
          key,
          operation: 'createCampaign',
          request: { projectId, taskId, request },
        },
        async (id) => this.view(tx, await this.owned(tx, owner, id)),
        async () => {
          const c = tx.create(Campaign, {
            ownerId: owner.id,
            projectId,
            taskId: task.id,
            taskType: task.type,
            taskTitle: task.title,
            taskUrl: task.url,
            name: input.name,
            status: 'STOPPED',
            isActive: true,
            prices,
            minPrice: minPrice(prices, premium),
            dailyCap: input.dailyCap ?? null,
            countries,
            languages,
            isPremiumOnly: premium,
            newUsersOnly: input.newUsersOnly ?? true,
            minQuality: input.minQuality ?? null,
            unscoredAllowed: input.unscoredAllowed ?? true,
            todayDate: null,
            deletedAt: null,
          });
          await tx.flush();
          // Both of the campaign's accounts exist from the start: the conversion function only reads them.
          await ledger.accountId(tx, { kind: 'CAMPAIGN_BUDGET', campaignId: c.id });
          await ledger.accountId(tx, { kind: 'NETWORK_FEE', campaignId: c.id });
          let budget = 0n;
          if (input.budget) {
            // Once per key already (the whole create is), so the transfer needs no key of its own.
            await this.move(tx, emit, owner, c, 'FUND', input.budget);
            budget = input.budget;
          }
          // An advertiser with no approved campaign yet waits for a moderator's review.
          const [known] = await tx.execute<{ approved: boolean }[]>(
            'select exists (select 1 from campaigns where owner_id = ? and approved_at is not null) as approved',
            [owner.id],
          );
          if (!known.approved) c.status = 'MODERATION';
          c.status = statusFor(c, budget);
          await tx.flush();
          const view = await this.view(tx, c);
          this.emitStats(emit, owner.id, view);
          if (c.status === 'MODERATION') emit(topics.campaignReviews(), { id: c.id });
          return { id: c.id, result: view };
        },
      ),
    );
  }

  async update(
    em: EntityManager,
    owner: User,
    id: number,
    patch: UpdateCampaignInput,
    projectId?: number,
    /** The version the change was made on: another saved first, STALE_VERSION (412) with the campaign as it is. */
    expectedVersion?: number,
  ): Promise<CampaignView> {
    authorize(owner, 'campaign.update');
    const countries = checkCountries(this.knownCountries(), patch.countries);
    const languages = checkLanguages(patch.languages);
    checkVersion(expectedVersion);
    return this.deps.ledger.run(em, async (tx, emit) => {
      const bumped = await bumpVersion(tx, 'campaigns', id, owner.id, expectedVersion);
      if (!bumped.ok && 'stale' in bumped) {
        const current = campaignJson(await this.view(tx, await this.owned(tx, owner, id, { projectId })));
        throw await staleVersion(tx, owner.id, 'campaign', id, bumped.stale, current);
      }
      const c = await this.owned(tx, owner, id, { projectId, lock: true });
      if (patch.name !== undefined) c.name = patch.name;
      if (patch.isActive !== undefined) c.isActive = patch.isActive;
      if (patch.prices !== undefined) c.prices = resolvePrices(await this.tiers(tx), patch.prices, c.prices);
      if (patch.dailyCap !== undefined) c.dailyCap = patch.dailyCap;
      if (countries) c.countries = countries;
      if (languages) c.languages = languages;
      if (patch.isPremiumOnly !== undefined) c.isPremiumOnly = patch.isPremiumOnly;
      if (patch.newUsersOnly !== undefined) c.newUsersOnly = patch.newUsersOnly;
      if (patch.minQuality !== undefined) c.minQuality = patch.minQuality;
      if (patch.unscoredAllowed !== undefined) c.unscoredAllowed = patch.unscoredAllowed;
      c.minPrice = minPrice(c.prices, c.isPremiumOnly);
      const budget = (await this.budgets(tx, [c.id])).get(c.id) ?? 0n;
      c.status = statusFor(c, budget);
      await tx.flush();
      const view = await this.view(tx, c);
      this.emitStats(emit, owner.id, view);
      return view;
    });
  }

  /** Advertiser balance → campaign budget. */
  fund(em: EntityManager, owner: User, id: number, value: bigint, opts: { projectId?: number; key?: string } = {}) {
    authorize(owner, 'campaign.fund');
    return this.changeBudget(em, owner, id, 'FUND', value, opts);
  }

  /** Unspent campaign budget → advertiser balance. */
  returnBudget(
    em: EntityManager,
    owner: User,
    id: number,
    value: bigint,
    opts: { projectId?: number; key?: string } = {},
  ) {
    authorize(owner, 'campaign.returnBudget');
    return this.changeBudget(em, owner, id, 'RETURN', value, opts);
  }

  private async changeBudget(
    em: EntityManager,
    owner: User,
    id: number,
    direction: 'FUND' | 'RETURN',
    value: bigint,
    opts: { projectId?: number; key?: string },
  ): Promise<CampaignView> {
    if (value <= 0n) throw fail('BUDGET_MOVE_NOT_POSITIVE');
    return this.deps.ledger.run(em, (tx, emit) =>
      // Once per key: a retry (the first answer lost, a double click) moves nothing and answers
      // the campaign as it is; the same key for another amount or campaign is a 409.
      once(
        tx,
        {
          userId: owner.id,
          key: opts.key,
          operation: direction === 'FUND' ? 'fundCampaign' : 'returnCampaignBudget',
          request: { campaignId: id, value },
        },
        async (campaignId) => this.view(tx, await this.owned(tx, owner, campaignId)),
        async () => {
          const c = await this.owned(tx, owner, id, { projectId: opts.projectId, lock: true });
          if (direction === 'FUND' && c.status === 'REJECTED') {
            throw fail('REJECTED_CAMPAIGN_FUNDED');
          }
          await this.move(tx, emit, owner, c, direction, value, opts.key);
          const budget = (await this.budgets(tx, [c.id])).get(c.id) ?? 0n;
          c.status = statusFor(c, budget);
          // The budget lives in the ledger; the row says it changed (other instances' showcases sweep updated_at).
          c.updatedAt = new Date();
          await tx.flush();
          const view = await this.view(tx, c);
          this.emitStats(emit, owner.id, view);
          return { id: c.id, result: view };
        },
      ),
    );
  }

  /** One budget transfer; the campaign row is already locked by the caller. */
  private async move(
    tx: EntityManager,
    emit: Emit,
    owner: User,
    c: Campaign,
    direction: 'FUND' | 'RETURN',
    value: bigint,
    key?: string,
  ) {
    const advertiser = { kind: 'ADVERTISER' as const, userId: owner.id };
    const budget = { kind: 'CAMPAIGN_BUDGET' as const, campaignId: c.id };
    try {
      await this.deps.ledger.transfer(tx, emit, {
        // A client retry with the same key moves the money once.
        key: `campaign:${c.id}:${direction.toLowerCase()}:${key ?? randomUUID()}`,
        code: direction === 'FUND' ? 'FUND_CAMPAIGN' : 'RETURN_BUDGET',
        debit: direction === 'FUND' ? advertiser : budget,
        credit: direction === 'FUND' ? budget : advertiser,
        amount: value,
        reference: `campaign:${c.id}`,
      });
    } catch (err) {
      if (!(err instanceof InsufficientFunds)) throw err;
      if (direction === 'FUND') throw fail('ADVERTISER_BALANCE_TOO_LOW');
      const left = (await this.budgets(tx, [c.id])).get(c.id) ?? 0n;
      throw fail('CAMPAIGN_BUDGET_TOO_LOW', { left: formatMoney(left) });
    }
  }

  /**
   * Deleting a resource ends its campaigns: they disappear from the advertiser's lists, their
   * unspent budget returns to the advertiser, and they stay as history for the publishers.
   * Money still on hold returns when the hold ends (voided) or is paid (posted).
   */
  /**
   * Staff turn a campaign's switch off (a player report showed its task broken): inside the
   * caller's transaction; the advertiser turns it on again once the task is fixed. False when
   * it was already off or is gone.
   */
  async pauseIn(tx: EntityManager, emit: Emit, id: number): Promise<boolean> {
    // FOR NO KEY UPDATE, as the conversion function takes it: one order, no deadlock.
    const rows = await tx.execute('select id from campaigns where id = ? and deleted_at is null for no key update', [
      id,
    ]);
    if (!rows.length) return false;
    const c = await tx.findOneOrFail(Campaign, { id }, { refresh: true });
    if (!c.isActive) return false;
    c.isActive = false;
    c.status = statusFor(c, (await this.budgets(tx, [c.id])).get(c.id) ?? 0n);
    await tx.flush();
    this.emitStats(emit, c.ownerId, await this.view(tx, c));
    return true;
  }

  async removeForTask(tx: EntityManager, emit: Emit, owner: User, taskId: number) {
    const rows = await tx.execute<{ id: number }[]>(
      'select id from campaigns where task_id = ? and owner_id = ? and deleted_at is null order by id for no key update',
      [taskId, owner.id],
    );
    for (const { id } of rows) {
      const c = await tx.findOneOrFail(Campaign, { id }, { refresh: true });
      const left = (await this.budgets(tx, [id])).get(id) ?? 0n;
      if (left > 0n) await this.move(tx, emit, owner, c, 'RETURN', left, `delete-${id}`);
      c.deletedAt = new Date();
      c.isActive = false;
      c.status = 'STOPPED';
      c.taskId = null;
    }
    await tx.flush();
    return rows.length;
  }

  /** For `campaignStatsChanged(projectId)`: only the owner may listen. */
  async assertProjectOwner(em: EntityManager, owner: User, projectId: number) {
    if (!(await em.findOne(Project, { id: projectId, ownerId: owner.id }))) throw fail('PROJECT_NOT_FOUND');
  }

  /** Publishes the balances of a user from account rows read in the conversion statement. */
  async publishBalances(userId: number, rows: Parameters<typeof balancesFromRows>[1]) {
    for (const [id, b] of balancesFromRows([userId], rows)) {
      await this.deps.pubsub.publish(topics.balance(id), balancesPayload(b)).catch(() => {});
    }
  }

  /** A refusal the caller can act on: stopped, capped or out of budget. */
  static unavailable(reason: 'CAMPAIGN_STOPPED' | 'DAILY_CAP' | 'BUDGET'): DomainError {
    return fail(
      reason === 'CAMPAIGN_STOPPED'
        ? 'CAMPAIGN_NOT_RUNNING'
        : reason === 'DAILY_CAP'
          ? 'CAMPAIGN_DAILY_CAP_REACHED'
          : 'CAMPAIGN_OUT_OF_BUDGET',
    );
  }
}
