import { fail, says } from '../../failures.ts';
import { authorize } from '../../lib/access.ts';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { topics } from '../../lib/pubsub.ts';
import type { Emit } from '../../db/transaction.ts';
import {
  dataTableQuery,
  likePattern,
  oneOrMany,
  type TablePage,
  type TableQuery,
  tablePage,
} from '../../lib/data-table.ts';
import { CAMPAIGN_STATUSES, Campaign, type CampaignStatus } from '../campaigns/campaign.entity.ts';
import { statusFor } from '../campaigns/campaign.entity.ts';
import type { CampaignsService } from '../campaigns/campaigns.service.ts';
import type { Ledger } from '../ledger/ledger.service.ts';
import type { Notify } from '../notifications/notify.ts';
import type { TaskType } from '../projects/project.entity.ts';
import type { User } from '../users/user.entity.ts';
import { type HistoryEntry, history, recordEvent } from './history.ts';

export const REVIEW_SORT_FIELDS = ['id', 'createdAt', 'name', 'advertiser', 'status', 'budget', 'claimedBy'] as const;
export type ReviewSortField = (typeof REVIEW_SORT_FIELDS)[number];

export const ReviewFilters = z.object({
  status: oneOrMany(CAMPAIGN_STATUSES, 'status'),
  claimedBy: z
    .union([z.coerce.number().int().positive(), z.enum(['me', 'none'])], {
      error: says('CLAIMEDBY_MUST_ID_ME_OR'),
    })
    .optional(),
});
export type ReviewFilters = z.output<typeof ReviewFilters>;
export const ReviewTableQuery = dataTableQuery(REVIEW_SORT_FIELDS, ReviewFilters);
export type ReviewTableQuery = TableQuery<ReviewFilters, ReviewSortField>;

export const REVIEW_ACTIONS = ['claim', 'release', 'approve', 'reject'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export interface CampaignReviewView {
  id: number;
  createdAt: Date;
  name: string;
  status: CampaignStatus;
  rejectReason: string | null;
  approvedAt: Date | null;
  advertiser: { id: number; name: string; email: string };
  project: { id: number; title: string };
  /** The task as players see it in the showcase: its logo (a stored image's URL), title, type and link. */
  task: { type: TaskType; title: string; url: string; logo: string | null };
  prices: { tierLevel: number; value: bigint }[];
  /** Who the campaign is shown to (empty lists: everyone). */
  targeting: {
    countries: string[];
    languages: string[];
    dailyCap: number | null;
    premiumOnly: boolean;
    newUsersOnly: boolean;
    minQuality: number | null;
    unscoredAllowed: boolean;
  };
  budget: bigint;
  claimedBy: { id: number; name: string } | null;
  claimedAt: Date | null;
}

export interface CampaignReviewDetail extends CampaignReviewView {
  history: HistoryEntry[];
}

interface Row {
  id: number;
  created_at: Date;
  name: string;
  status: CampaignStatus;
  reject_reason: string | null;
  approved_at: Date | null;
  owner_id: number;
  owner_name: string;
  owner_email: string;
  project_id: number;
  project_title: string;
  task_type: TaskType;
  task_title: string;
  task_url: string;
  task_logo: string | null;
  prices: Record<string, string>;
  countries: string[] | null;
  languages: string[] | null;
  daily_cap: number | null;
  is_premium_only: boolean;
  new_users_only: boolean;
  min_quality: number | null;
  unscored_allowed: boolean;
  budget: string;
  review_claimed_by_id: number | null;
  claimer: string | null;
  review_claimed_at: Date | null;
}

const SELECT = `select c.id, c.created_at, c.name, c.status, c.reject_reason, c.approved_at, c.owner_id,
       o.name as owner_name, o.email as owner_email, c.project_id, pr.title as project_title, c.task_type,
       c.task_title, c.task_url, t.logo as task_logo, c.prices, c.countries, c.languages, c.daily_cap,
       c.is_premium_only, c.new_users_only, c.min_quality, c.unscored_allowed,
       coalesce(a.credits_posted - a.debits_posted - a.debits_pending, 0)::text as budget,
       c.review_claimed_by_id, u.name as claimer, c.review_claimed_at
  from campaigns c
  join users o on o.id = c.owner_id
  join projects pr on pr.id = c.project_id
  left join tasks t on t.id = c.task_id
  left join ledger_accounts a on a.kind = 'CAMPAIGN_BUDGET' and a.campaign_id = c.id and a.user_id is null
  left join users u on u.id = c.review_claimed_by_id`;

// Campaigns that are or were in review: waiting, rejected, or with a review event.
const IN_QUEUE = `c.deal_id is null and c.deleted_at is null and (c.status in ('MODERATION', 'REJECTED')
  or exists (select 1 from moderation_events e where e.subject = 'CAMPAIGN' and e.subject_id = c.id))`;

const SORT_COLUMNS: Record<ReviewSortField, string> = {
  id: 'c.id',
  createdAt: 'c.created_at',
  name: 'c.name',
  advertiser: 'o.name',
  status: `array_position(array['MODERATION','REJECTED','ACTIVE','STOPPED']::text[], c.status)`,
  budget: 'coalesce(a.credits_posted - a.debits_posted - a.debits_pending, 0)',
  claimedBy: 'u.name',
};

const toView = (r: Row): CampaignReviewView => ({
  id: r.id,
  createdAt: new Date(r.created_at),
  name: r.name,
  status: r.status,
  rejectReason: r.reject_reason,
  approvedAt: r.approved_at ? new Date(r.approved_at) : null,
  advertiser: { id: r.owner_id, name: r.owner_name, email: r.owner_email },
  project: { id: r.project_id, title: r.project_title },
  task: { type: r.task_type, title: r.task_title, url: r.task_url, logo: r.task_logo },
  targeting: {
    countries: r.countries ?? [],
    languages: r.languages ?? [],
    dailyCap: r.daily_cap,
    premiumOnly: r.is_premium_only,
    newUsersOnly: r.new_users_only,
    minQuality: r.min_quality,
    unscoredAllowed: r.unscored_allowed,
  },
  prices: Object.entries(r.prices)
    .map(([level, value]) => ({ tierLevel: Number(level), value: BigInt(value) }))
    .sort((a, b) => a.tierLevel - b.tierLevel),
  budget: BigInt(r.budget),
  claimedBy: r.review_claimed_by_id === null ? null : { id: r.review_claimed_by_id, name: r.claimer ?? '' },
  claimedAt: r.review_claimed_at ? new Date(r.review_claimed_at) : null,
});

/**
 * Campaign review: an advertiser's campaigns wait in MODERATION until one is approved. The
 * same claim rules as player reports; a rejection returns the budget through the ledger in
 * the same transaction, and the advertiser's Campaign page hears the decision live.
 */
export class CampaignReviewService {
  constructor(private readonly deps: { ledger: Ledger; campaigns: CampaignsService; notify?: Notify }) {}

  async list(em: EntityManager, moderator: User, q: ReviewTableQuery): Promise<TablePage<CampaignReviewView>> {
    const where = [IN_QUEUE];
    const params: unknown[] = [];
    const f = q.filters;
    if (f.status?.length) {
      where.push(`c.status in (${f.status.map(() => '?').join(', ')})`);
      params.push(...f.status);
    }
    if (f.claimedBy === 'none') where.push('c.review_claimed_by_id is null');
    else if (f.claimedBy !== undefined) {
      where.push('c.review_claimed_by_id = ?');
      params.push(f.claimedBy === 'me' ? moderator.id : f.claimedBy);
    }
    if (q.search) {
      const like = likePattern(q.search);
      where.push('(c.name ilike ? or c.task_title ilike ? or o.name ilike ? or o.email ilike ? or pr.title ilike ?)');
      params.push(like, like, like, like, like);
    }
    const whereSql = `where ${where.join(' and ')}`;
    const order = q.sortField
      ? `${SORT_COLUMNS[q.sortField]} ${q.sortOrder ?? 'asc'} nulls last, c.id ${q.sortOrder ?? 'asc'}`
      : `${SORT_COLUMNS.status}, c.id`;
    const { rows, totalCount } = await tablePage<Row>(
      em,
      q,
      {
        count: `select count(*) as n from campaigns c join users o on o.id = c.owner_id join projects pr on pr.id = c.project_id ${whereSql}`,
        rows: `${SELECT} ${whereSql} order by ${order}`,
      },
      params,
    );
    return { data: rows.map(toView), totalCount };
  }

  async view(em: EntityManager, campaignId: number): Promise<CampaignReviewView> {
    const [row] = await em.execute<Row[]>(`${SELECT} where c.id = ? and c.deal_id is null`, [campaignId]);
    if (!row) throw fail('CAMPAIGN_NOT_FOUND');
    return toView(row);
  }

  async detail(em: EntityManager, campaignId: number): Promise<CampaignReviewDetail> {
    return { ...(await this.view(em, campaignId)), history: await history(em, 'CAMPAIGN', campaignId) };
  }

  act(
    em: EntityManager,
    moderator: User,
    campaignId: number,
    action: ReviewAction,
    reasonInput?: string | null,
  ): Promise<CampaignReviewView> {
    authorize(moderator, 'campaign.moderate');
    const reason = reasonInput?.trim() || null;
    if (action === 'reject') {
      if (!reason) throw fail('REJECTION_REASON_REQUIRED');
      if (reason.length > 500) throw fail('REASON_TOO_LONG');
    }
    const { ledger, campaigns } = this.deps;
    return ledger.run(em, async (tx, emit) => {
      const c = await tx.findOne(
        Campaign,
        { id: campaignId, dealId: null, deletedAt: null },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      if (!c) throw fail('CAMPAIGN_NOT_FOUND');
      if (c.status !== 'MODERATION')
        throw fail('CAMPAIGN_DECIDED_ALREADY', { outcome: c.status === 'REJECTED' ? 'rejected' : 'approved' });
      const claimer = c.reviewClaimedById
        ? ((await tx.execute<{ name: string }[]>('select name from users where id = ?', [c.reviewClaimedById]))[0]
            ?.name ?? '')
        : null;
      const mine = c.reviewClaimedById === moderator.id;
      if (action === 'claim') {
        if (c.reviewClaimedById) {
          throw mine ? fail('CAMPAIGN_CLAIMED_BY_YOU') : fail('CAMPAIGN_CLAIMED_BY_OTHER', { claimer: claimer ?? '' });
        }
      } else if (!c.reviewClaimedById) {
        throw fail(action === 'release' ? 'CAMPAIGN_NOT_CLAIMED' : 'CAMPAIGN_UNCLAIMED_DECISION');
      } else if (!mine) {
        throw fail('CAMPAIGN_CLAIMED_BY_OTHER_ACT', {
          claimer: claimer ?? '',
          action: action === 'release' ? 'release' : 'decide',
        });
      }
      let effects: Record<string, unknown> | null = null;
      const from = c.reviewClaimedById ? 'IN_REVIEW' : 'MODERATION';
      let to: string = c.status;
      if (action === 'claim') {
        c.reviewClaimedById = moderator.id;
        c.reviewClaimedAt = new Date();
        to = 'IN_REVIEW';
      } else {
        c.reviewClaimedById = null;
        c.reviewClaimedAt = null;
        if (action === 'release') to = 'MODERATION';
      }
      if (action === 'approve') {
        const budget = (await campaigns.budgets(tx, [c.id])).get(c.id) ?? 0n;
        c.approvedAt = new Date();
        c.status = 'ACTIVE';
        c.status = statusFor(c, budget);
        to = c.status;
      }
      if (action === 'reject') {
        c.status = 'REJECTED';
        c.rejectReason = reason;
        to = 'REJECTED';
        const budget = (await campaigns.budgets(tx, [c.id])).get(c.id) ?? 0n;
        if (budget > 0n) {
          await ledger.transfer(tx, emit, {
            key: `campaign:${c.id}:rejected`,
            code: 'RETURN_BUDGET',
            debit: { kind: 'CAMPAIGN_BUDGET', campaignId: c.id },
            credit: { kind: 'ADVERTISER', userId: c.ownerId },
            amount: budget,
            reference: `campaign:${c.id}`,
          });
        }
        effects = { budgetReturned: budget.toString() };
      }
      await tx.flush();
      await recordEvent(tx, {
        subject: 'CAMPAIGN',
        subjectId: c.id,
        actorId: moderator.id,
        action: { claim: 'claimed', release: 'released', approve: 'approved', reject: 'rejected' }[action],
        from,
        to,
        note: reason,
        effects,
      });
      if (action === 'approve' || action === 'reject') {
        campaigns.emitStats(emit, c.ownerId, await campaigns.view(tx, c));
        await this.tellOwner(tx, emit, c, action === 'approve', reason);
      }
      emit(topics.campaignReviews(), { id: c.id });
      return this.view(tx, c.id);
    });
  }

  /** The advertiser hears the decision (a campaign edited back into review is decided again: a new message then). */
  private tellOwner(tx: EntityManager, emit: Emit, c: Campaign, approved: boolean, reason: string | null) {
    return this.deps.notify?.(
      tx,
      {
        userId: c.ownerId,
        type: approved ? 'campaignApproved' : 'campaignRejected',
        key: `campaign-${approved ? 'approved' : 'rejected'}:${c.id}:${Date.now()}`,
        params: { campaign: c.name, reason: reason ?? '' },
        path: `/advertiser/projects/${c.projectId}`,
      },
      emit,
    );
  }
}
