import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Emit } from '../../db/transaction.ts';
import { DomainError, ErrorCode, notFound, validation } from '../../errors.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { formatMoney } from '../../lib/money.ts';
import { balancesFromRows, balancesPayload } from '../ledger/balances.ts';
import { InsufficientFunds } from '../ledger/balances.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import { LANGUAGES, ONLY_PREMIUM_USER_COMMISSION_PERCENT } from '../lookups/lookups.constants.ts';
import type { LookupsService } from '../lookups/lookups.service.ts';
import { callKey, once } from '../../lib/idempotency.ts';
import { Project, TASK_TYPES, Task, type TaskType } from '../projects/project.entity.ts';
import type { User } from '../users/user.entity.ts';
import { z } from 'zod';
import {
  dataTableQuery,
  likePattern,
  oneOrMany,
  type TablePage,
  type TableQuery,
  tablePage,
  tableRows,
} from '../../lib/data-table.ts';
import { idParam } from '../../rest/params.ts';
import { CAMPAIGN_STATUSES, Campaign, type CampaignStatus, statusFor } from './campaign.entity.ts';
import type { CreateCampaignInput, UpdateCampaignInput } from './campaigns.inputs.ts';

export const CAMPAIGN_SORT_FIELDS = [
  'createdAt',
  'name',
  'status',
  'budget',
  'spend',
  'conversions',
  'todayConversions',
] as const;
export type CampaignSortField = (typeof CAMPAIGN_SORT_FIELDS)[number];

export const CampaignFilters = z.object({
  projectId: idParam('projectId').optional(),
  status: oneOrMany(CAMPAIGN_STATUSES, 'status'),
  taskType: oneOrMany(TASK_TYPES, 'taskType'),
});
/**
 * The campaign lists (data table, 20 a page). `?projectId=` and `?status=` of the older
 * list call are read as filters.
 */
export const CampaignTableQuery = dataTableQuery(CAMPAIGN_SORT_FIELDS, CampaignFilters, {
  defaultSize: 20,
  legacy: { projectId: z.string().optional(), status: z.string().optional() },
});
export type CampaignTableQuery = TableQuery<z.output<typeof CampaignFilters>, CampaignSortField>;

const CAMPAIGN_ORDER: Record<CampaignSortField, string> = {
  createdAt: 'c.id',
  name: 'lower(c.name)',
  status: 'c.status',
  budget: 'coalesce(a.credits_posted - a.debits_posted - a.debits_pending, 0)',
  spend: 'c.spend',
  conversions: 'c.conversions',
  todayConversions: "(case when c.today_date = (now() at time zone 'utc')::date then c.today_conversions else 0 end)",
};

function campaignsSql(owner: User, q: Pick<CampaignTableQuery, 'filters' | 'search' | 'sortField' | 'sortOrder'>) {
  // Swap campaigns belong to the exchange's deals, not to the advertiser's paid campaigns.
  const where = ['c.owner_id = ?', 'c.deleted_at is null', 'c.deal_id is null'];
  const params: unknown[] = [owner.id];
  const f = q.filters;
  if (f.projectId) {
    where.push('c.project_id = ?');
    params.push(f.projectId);
  }
  for (const [column, values] of [
    ['c.status', f.status],
    ['c.task_type', f.taskType],
  ] as const) {
    if (!values?.length) continue;
    where.push(`${column} in (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  }
  if (q.search) {
    const like = likePattern(q.search);
    where.push('(c.name ilike ? or c.task_title ilike ? or t.title ilike ?)');
    params.push(like, like, like);
  }
  const dir = q.sortOrder === 'desc' ? 'desc' : 'asc';
  return {
    sql: {
      from: `from campaigns c left join tasks t on t.id = c.task_id
             left join ledger_accounts a on a.kind = 'CAMPAIGN_BUDGET' and a.campaign_id = c.id
             where ${where.join(' and ')}`,
      order: q.sortField ? `${CAMPAIGN_ORDER[q.sortField]} ${dir}, c.id ${dir}` : 'c.id desc',
    },
    params,
  };
}

interface PlatformRowSql {
  campaign_id: number;
  task_type: TaskType;
  title: string;
  completed: number;
  revenue: string;
  is_active: boolean;
}

/**
 * App statistics: every campaign the app can show now (running, for any app or this one, a
 * swap only while it runs, not excluded by the app's services, smart links only where the app
 * awards without payout), with zeros until something converts, and every campaign that ever
 * converted in it. Whether a given player sees one also depends on the player (country,
 * language, Premium, budget for the player's tier).
 */
const PLATFORM_ROWS_SQL = `select c.id as campaign_id, c.task_type, coalesce(t.title, c.task_title) as title,
        coalesce(s.completed, 0) as completed, coalesce(s.revenue, 0)::text as revenue,
        (c.status = 'ACTIVE' and c.deleted_at is null) as is_active
   from campaigns c
   left join tasks t on t.id = c.task_id
   left join platform_campaign_stats s on s.campaign_id = c.id and s.platform_id = ?
   left join platform_services ps on ps.platform_id = ? and ps.task_type = c.task_type
   left join exchange_deals d on d.id = c.deal_id
  where s.campaign_id is not null
     or (c.deleted_at is null and c.is_active and c.status = 'ACTIVE'
         and (c.platform_id is null or c.platform_id = ?)
         and (c.deal_id is null or d.status = 'ACTIVE')
         and not coalesce(ps.is_excluded, false)
         and (c.task_type <> 'SMART_LINK' or coalesce(ps.should_confirm_without_payout, false)))
  order by completed desc, c.id desc`;

const platformRow = (r: PlatformRowSql): PlatformCampaignRow => ({
  campaignId: r.campaign_id,
  task: { type: r.task_type, title: r.title },
  completedQuantity: r.completed,
  profitBudget: BigInt(r.revenue),
  isActive: r.is_active,
});

/** No action is ever sold below this (landing copy: from 0.05 USD per action). */
export const MIN_ACTION_PRICE = 50_000n;

export interface CampaignView {
  id: number;
  createdAt: string;
  projectId: number;
  taskId: number | null;
  task: { id: number | null; type: TaskType; title: string; logo: string; url: string };
  name: string;
  status: CampaignStatus;
  isActive: boolean;
  prices: { tierLevel: number; value: bigint }[];
  dailyCap: number | null;
  countries: string[];
  languages: string[];
  isPremiumOnly: boolean;
  newUsersOnly: boolean;
  /** Apps scored below this (0–100) do not show the campaign; null: any score. */
  minQuality: number | null;
  /** Whether apps with not enough data for a score show it when minQuality is set. */
  unscoredAllowed: boolean;
  budget: bigint;
  conversions: number;
  spend: bigint;
  todayConversions: number;
  todaySpend: bigint;
  /** Completions refused because the player was not new to the resource. */
  notNew: number;
  /** Why a moderator rejected the campaign (status REJECTED). */
  rejectReason: string | null;
}

/** Live counters of one campaign; money as decimal strings of micro-USD (JSON-safe over Redis). */
export interface CampaignStats {
  id: number;
  projectId: number;
  status: CampaignStatus;
  isActive: boolean;
  budget: string;
  conversions: number;
  spend: string;
  todayConversions: number;
  todaySpend: string;
  notNew: number;
  /** Absent in the conversion function's answer: a campaign that converts was never rejected. */
  rejectReason?: string | null;
}

export interface PlatformStats {
  platformId: number;
  campaignId: number;
  completedQuantity: number;
  profitBudget: string;
  platformCompleted: number;
  platformRevenue: string;
}

export interface PlatformCampaignRow {
  campaignId: number;
  task: { type: TaskType; title: string };
  completedQuantity: number;
  profitBudget: bigint;
  isActive: boolean;
}

export interface ReportDay {
  day: string;
  conversions: number;
  spend: bigint;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

function dateOnly(value: unknown): string | null {
  if (!value) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

export class CampaignsService {
  constructor(
    private readonly deps: {
      pubsub: PubSub;
      ledger: Ledger;
      lookups: LookupsService;
    },
  ) {}

  /** Extra percent the campaign pays per action when it is shown only to Premium users. */
  readonly premiumPercent = ONLY_PREMIUM_USER_COMMISSION_PERCENT;

  private async tiers(em: EntityManager) {
    return this.deps.lookups.tierList(em);
  }

  /** Prices per tier: every tier of the settings, at least the tier's price and never under 0.05 USD. */
  private async resolvePrices(
    em: EntityManager,
    input: { tierLevel: number; value: bigint }[] | undefined,
    current?: Record<string, string>,
  ): Promise<Record<string, string>> {
    const tiers = await this.tiers(em);
    const given = new Map((input ?? []).map((p) => [p.tierLevel, p.value]));
    for (const level of given.keys()) {
      if (!tiers.some((t) => t.level === level)) throw validation(`There is no tier ${level}`, 'prices');
    }
    const prices: Record<string, string> = {};
    for (const t of tiers) {
      const floor = t.value > MIN_ACTION_PRICE ? t.value : MIN_ACTION_PRICE;
      const value = given.get(t.level) ?? (current?.[t.level] ? BigInt(current[t.level]) : floor);
      if (value < floor) {
        throw validation(`The price for tier ${t.level} must be at least ${formatMoney(floor)} USD`, 'prices');
      }
      if (value > 1_000_000_000n) {
        throw validation(`The price for tier ${t.level} must be at most 1000 USD`, 'prices');
      }
      prices[t.level] = value.toString();
    }
    return prices;
  }

  private minPrice(prices: Record<string, string>, premium: boolean): bigint {
    const min = Object.values(prices).reduce<bigint | null>((m, v) => {
      const b = BigInt(v);
      return m === null || b < m ? b : m;
    }, null);
    const base = min ?? MIN_ACTION_PRICE;
    return base + (premium ? (base * BigInt(this.premiumPercent)) / 100n : 0n);
  }

  private checkCountries(codes: string[] | undefined): string[] | undefined {
    if (!codes) return undefined;
    const known = new Set(this.deps.lookups.countries().map((c) => c.id));
    const result = [...new Set(codes.map((c) => c.toUpperCase()))];
    for (const c of result) if (!known.has(c)) throw validation(`Unknown country code: ${c}`, 'countries');
    return result.sort();
  }

  private checkLanguages(codes: string[] | undefined): string[] | undefined {
    if (!codes) return undefined;
    const known = new Set<string>(LANGUAGES.map((l) => l.code));
    const result = [...new Set(codes.map((c) => c.toLowerCase()))];
    for (const c of result) if (!known.has(c)) throw validation(`Unknown language code: ${c}`, 'languages');
    return result.sort();
  }

  private async ownedTask(em: EntityManager, owner: User, projectId: number, taskId: number) {
    const project = await em.findOne(Project, { id: projectId, ownerId: owner.id });
    if (!project) throw notFound('Project');
    const task = await em.findOne(Task, { id: taskId, projectId });
    if (!task) throw notFound('Resource');
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
      if (!rows.length) throw notFound('Campaign');
      return em.findOneOrFail(Campaign, { id }, { refresh: true });
    }
    const c = await em.findOne(Campaign, {
      id,
      ownerId: owner.id,
      deletedAt: null,
      dealId: null,
      ...(opts.projectId ? { projectId: opts.projectId } : {}),
    });
    if (!c) throw notFound('Campaign');
    return c;
  }

  async budgets(em: EntityManager, ids: number[]): Promise<Map<number, bigint>> {
    if (!ids.length) return new Map();
    const rows = await em.execute<{ campaign_id: number; available: string }[]>(
      `select campaign_id, (credits_posted - debits_posted - debits_pending)::text as available
         from ledger_accounts where kind = 'CAMPAIGN_BUDGET' and campaign_id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(rows.map((r) => [r.campaign_id, BigInt(r.available)]));
  }

  private async views(em: EntityManager, campaigns: Campaign[]): Promise<CampaignView[]> {
    if (!campaigns.length) return [];
    const budgets = await this.budgets(
      em,
      campaigns.map((c) => c.id),
    );
    const taskIds = [...new Set(campaigns.flatMap((c) => (c.taskId ? [c.taskId] : [])))];
    const tasks = taskIds.length ? await em.find(Task, { id: { $in: taskIds } }) : [];
    const taskOf = new Map(tasks.map((t) => [t.id, t]));
    const today = todayUtc();
    return campaigns.map((c) => {
      const t = c.taskId ? taskOf.get(c.taskId) : undefined;
      const isToday = dateOnly(c.todayDate) === today;
      return {
        id: c.id,
        createdAt: c.createdAt.toISOString(),
        projectId: c.projectId,
        taskId: c.taskId ?? null,
        task: {
          id: t?.id ?? null,
          type: c.taskType,
          title: t?.title ?? c.taskTitle,
          logo: t?.logo ?? '',
          url: t?.url ?? '',
        },
        name: c.name,
        status: c.status,
        isActive: c.isActive,
        prices: Object.entries(c.prices)
          .map(([level, value]) => ({ tierLevel: Number(level), value: BigInt(value) }))
          .sort((a, b) => a.tierLevel - b.tierLevel),
        dailyCap: c.dailyCap ?? null,
        countries: c.countries ?? [],
        languages: c.languages ?? [],
        isPremiumOnly: c.isPremiumOnly,
        newUsersOnly: c.newUsersOnly,
        minQuality: c.minQuality ?? null,
        unscoredAllowed: c.unscoredAllowed,
        budget: budgets.get(c.id) ?? 0n,
        conversions: c.conversions,
        spend: BigInt(c.spend),
        todayConversions: isToday ? c.todayConversions : 0,
        todaySpend: isToday ? BigInt(c.todaySpend) : 0n,
        notNew: c.notNew,
        rejectReason: c.rejectReason ?? null,
      };
    });
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
    if (projectId && !(await em.findOne(Project, { id: projectId, ownerId: owner.id }))) throw notFound('Project');
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
    const task = await this.ownedTask(em, owner, projectId, taskId);
    const prices = await this.resolvePrices(em, input.prices);
    const countries = this.checkCountries(input.countries) ?? [];
    const languages = this.checkLanguages(input.languages) ?? [];
    const premium = input.isPremiumOnly ?? false;
    if (input.budget !== undefined && input.budget <= 0n)
      throw validation('The value must be greater than zero', 'budget');
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
            minPrice: this.minPrice(prices, premium),
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
  ): Promise<CampaignView> {
    const countries = this.checkCountries(patch.countries);
    const languages = this.checkLanguages(patch.languages);
    return this.deps.ledger.run(em, async (tx, emit) => {
      const c = await this.owned(tx, owner, id, { projectId, lock: true });
      if (patch.name !== undefined) c.name = patch.name;
      if (patch.isActive !== undefined) c.isActive = patch.isActive;
      if (patch.prices !== undefined) c.prices = await this.resolvePrices(tx, patch.prices, c.prices);
      if (patch.dailyCap !== undefined) c.dailyCap = patch.dailyCap;
      if (countries) c.countries = countries;
      if (languages) c.languages = languages;
      if (patch.isPremiumOnly !== undefined) c.isPremiumOnly = patch.isPremiumOnly;
      if (patch.newUsersOnly !== undefined) c.newUsersOnly = patch.newUsersOnly;
      if (patch.minQuality !== undefined) c.minQuality = patch.minQuality;
      if (patch.unscoredAllowed !== undefined) c.unscoredAllowed = patch.unscoredAllowed;
      c.minPrice = this.minPrice(c.prices, c.isPremiumOnly);
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
    if (value <= 0n) throw validation('The value must be greater than zero', 'value');
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
            throw validation('This campaign was rejected by moderation: create a new one', 'value');
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
      if (direction === 'FUND') throw validation('Not enough money on the advertiser balance', 'value');
      const left = (await this.budgets(tx, [c.id])).get(c.id) ?? 0n;
      throw validation(`The campaign budget has only ${formatMoney(left)} USD left`, 'value');
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

  /** App statistics: one row per campaign shown in the app. */
  async platformRows(em: EntityManager, platformId: number): Promise<PlatformCampaignRow[]> {
    return (await em.execute<PlatformRowSql[]>(PLATFORM_ROWS_SQL, [platformId, platformId, platformId])).map(
      platformRow,
    );
  }

  /** The same rows for a CSV export, read 500 at a time. */
  async *platformRowsStream(em: EntityManager, platformId: number): AsyncGenerator<PlatformCampaignRow> {
    for await (const r of tableRows<PlatformRowSql>(em, PLATFORM_ROWS_SQL, [platformId, platformId, platformId]))
      yield platformRow(r);
  }

  /** Completed actions and revenue per app (My Apps cards). */
  async platformTotals(
    em: EntityManager,
    platformIds: number[],
  ): Promise<Map<number, { completed: number; revenue: bigint }>> {
    const result = new Map(platformIds.map((id) => [id, { completed: 0, revenue: 0n }]));
    if (!platformIds.length) return result;
    const rows = await em.execute<{ platform_id: number; completed: string; revenue: string }[]>(
      `select platform_id, sum(completed)::text as completed, sum(revenue)::text as revenue
         from platform_campaign_stats where platform_id in (${platformIds.map(() => '?').join(', ')})
        group by platform_id`,
      platformIds,
    );
    for (const r of rows) result.set(r.platform_id, { completed: Number(r.completed), revenue: BigInt(r.revenue) });
    return result;
  }

  /** For `campaignStatsChanged(projectId)`: only the owner may listen. */
  async assertProjectOwner(em: EntityManager, owner: User, projectId: number) {
    if (!(await em.findOne(Project, { id: projectId, ownerId: owner.id }))) throw notFound('Project');
  }

  /** Publishes the balances of a user from account rows read in the conversion statement. */
  async publishBalances(userId: number, rows: Parameters<typeof balancesFromRows>[1]) {
    for (const [id, b] of balancesFromRows([userId], rows)) {
      await this.deps.pubsub.publish(topics.balance(id), balancesPayload(b)).catch(() => {});
    }
  }

  /** A refusal the caller can act on: stopped, capped or out of budget. */
  static unavailable(reason: 'CAMPAIGN_STOPPED' | 'DAILY_CAP' | 'BUDGET'): DomainError {
    const message = {
      CAMPAIGN_STOPPED: 'This campaign is not running now',
      DAILY_CAP: 'This campaign reached its daily cap: try again tomorrow',
      BUDGET: 'This campaign has no budget left for this action',
    }[reason];
    return new DomainError(ErrorCode.CONFLICT, message);
  }
}
