import { moneyToJson } from '../../lib/money.ts';
import { z } from 'zod';
import { dataTableQuery, likePattern, oneOrMany, type TableQuery } from '../../lib/data-table.ts';
import { idParam } from '../../rest/params.ts';
import { TASK_TYPES, type TaskType } from '../projects/project.entity.ts';
import type { User } from '../users/user.entity.ts';
import { CAMPAIGN_STATUSES, type CampaignStatus } from './campaign.entity.ts';

/** The campaigns' table query, views and SQL, shared by the service and its transports. */

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

export const CAMPAIGN_ORDER: Record<CampaignSortField, string> = {
  createdAt: 'c.id',
  name: 'lower(c.name)',
  status: 'c.status',
  budget: 'coalesce(a.credits_posted - a.debits_posted - a.debits_pending, 0)',
  spend: 'c.spend',
  conversions: 'c.conversions',
  todayConversions: "(case when c.today_date = (now() at time zone 'utc')::date then c.today_conversions else 0 end)",
};

export function campaignsSql(
  owner: User,
  q: Pick<CampaignTableQuery, 'filters' | 'search' | 'sortField' | 'sortOrder'>,
) {
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

export interface PlatformRowSql {
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
export const PLATFORM_ROWS_SQL = `select c.id as campaign_id, c.task_type, coalesce(t.title, c.task_title) as title,
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

export const platformRow = (r: PlatformRowSql): PlatformCampaignRow => ({
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
  /** What a change must name to apply (REST's ETag, GraphQL's expectedVersion). */
  version: number;
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

export const todayUtc = () => new Date().toISOString().slice(0, 10);

export function dateOnly(value: unknown): string | null {
  if (!value) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** REST money is USD numbers. */
export function campaignJson(c: CampaignView) {
  return {
    ...c,
    prices: c.prices.map((p) => ({ tierLevel: p.tierLevel, value: moneyToJson(p.value) })),
    budget: moneyToJson(c.budget),
    spend: moneyToJson(c.spend),
    todaySpend: moneyToJson(c.todaySpend),
  };
}
