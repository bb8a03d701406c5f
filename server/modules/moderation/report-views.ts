import { z } from 'zod';
import { dataTableQuery, oneOrMany, type TableQuery } from '../../lib/data-table.ts';
import { REPORT_REASONS, REPORT_STATUSES, type ReportReason, type ReportStatus } from '../campaigns/campaign.entity.ts';
import type { TaskType } from '../projects/project.entity.ts';
import type { HistoryEntry } from './history.ts';
import type { ReportAsk } from './report-mail.ts';
import { says } from '../../failures.ts';

/** The player-report queue's shapes: its table query, its rows and views, what a filing brings. */

export const REPORT_SORT_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'status',
  'reason',
  'player',
  'app',
  'campaign',
  'claimedBy',
] as const;
export type ReportSortField = (typeof REPORT_SORT_FIELDS)[number];

const id = (name: string) =>
  z.coerce
    .number({ error: says('MUST_NUMBER', { name }) })
    .int()
    .positive(says('MUST_NUMBER', { name }));

export const ReportFilters = z.object({
  status: oneOrMany(REPORT_STATUSES, 'status'),
  reason: oneOrMany(REPORT_REASONS, 'reason'),
  app: id('app').optional(),
  campaign: id('campaign').optional(),
  // A moderator's id, "me", or "none" (unclaimed).
  claimedBy: z.union([id('claimedBy'), z.enum(['me', 'none'])], { error: says('CLAIMEDBY_MUST_ID_ME_OR') }).optional(),
});
export type ReportFilters = z.output<typeof ReportFilters>;
export const ReportTableQuery = dataTableQuery(REPORT_SORT_FIELDS, ReportFilters);
export type ReportTableQuery = TableQuery<ReportFilters, ReportSortField>;

/** What a moderator's decision does besides the status: applied in the same transaction. */
export const ReportEffects = z
  .object({
    voidConversion: z.boolean().optional(),
    blockPlayer: z.boolean().optional(),
    /** Turn the campaign's switch off (its task is broken or wrong); the advertiser turns it on once fixed. */
    pauseCampaign: z.boolean().optional(),
    /** Mail the campaign's advertiser the report and the moderator's note, asking them to look. */
    askAdvertiser: z.boolean().optional(),
  })
  .strict();
export type ReportEffects = z.output<typeof ReportEffects>;

export const REPORT_ACTIONS = ['claim', 'release', 'status'] as const;

/** The report mail's words (report-mail.ts), its address and the advertiser's chosen language (null: English). */
export interface AdvertiserAsk extends Omit<ReportAsk, 'link'> {
  to: string;
  language: string | null;
}
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export interface ReportView {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  status: ReportStatus;
  reason: ReportReason;
  text: string | null;
  playerId: number | null;
  playerName: string | null;
  app: { id: number; title: string };
  campaign: { id: number; name: string; taskTitle: string; taskType: TaskType; ownerName: string } | null;
  claimedBy: { id: number; name: string } | null;
  claimedAt: Date | null;
  rule: string | null;
  evidence: Record<string, unknown> | null;
}

export interface PlayerConversion {
  id: number;
  createdAt: Date;
  status: 'HOLD' | 'POSTED' | 'VOIDED';
  price: bigint;
  campaignId: number;
  campaignName: string;
  appTitle: string;
  taskType: TaskType;
}

export interface ReportDetail extends ReportView {
  /** The player's latest conversions, across apps (what the decision's effects act on). */
  conversions: PlayerConversion[];
  /** Whether the player is blocked in this app's showcase. */
  blocked: boolean;
  history: HistoryEntry[];
}

export interface NewReport {
  platformId: number;
  campaignId: number | null;
  playerId: number | null;
  playerName: string | null;
  reason: ReportReason;
  text: string | null;
  /** A fraud rule's hit: filed once per rule, subject and day. */
  rule?: { name: string; subject: string; evidence: Record<string, unknown> };
}

/** One fraud rule's hit: a player, in the app it happened in, with the rule's evidence. */
export interface NewHit {
  platformId: number;
  rule: string;
  playerId: number;
  conversionId: number | null;
  evidence: Record<string, unknown>;
}

/** How many hits of a report list their players in its evidence (the count goes on). */
export const LISTED_HITS = 100;

export interface Row {
  id: number;
  created_at: Date;
  updated_at: Date;
  status: ReportStatus;
  reason: ReportReason;
  text: string | null;
  player_id: string | null;
  player_name: string | null;
  platform_id: number;
  app_title: string;
  campaign_id: number | null;
  campaign_name: string | null;
  task_title: string | null;
  task_type: TaskType | null;
  owner_name: string | null;
  claimed_by_id: number | null;
  claimed_by_name: string | null;
  claimed_at: Date | null;
  rule: string | null;
  evidence: Record<string, unknown> | null;
}

export const SELECT = `select r.id, r.created_at, r.updated_at, r.status, r.reason, r.text, r.player_id, r.player_name,
       r.platform_id, p.title as app_title, r.campaign_id, c.name as campaign_name, c.task_title, c.task_type,
       o.name as owner_name, r.claimed_by_id, u.name as claimed_by_name, r.claimed_at, r.rule, r.evidence
  from player_reports r
  join platforms p on p.id = r.platform_id
  left join campaigns c on c.id = r.campaign_id
  left join users o on o.id = c.owner_id
  left join users u on u.id = r.claimed_by_id`;

export const SORT_COLUMNS: Record<ReportSortField, string> = {
  id: 'r.id',
  createdAt: 'r.created_at',
  updatedAt: 'r.updated_at',
  status: `array_position(array['NEW','IN_REVIEW','RESOLVED','REJECTED']::text[], r.status)`,
  reason: 'r.reason',
  player: 'coalesce(r.player_name, r.player_id::text)',
  app: 'p.title',
  campaign: 'c.name',
  claimedBy: 'u.name',
};

export const toView = (r: Row): ReportView => ({
  id: r.id,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  status: r.status,
  reason: r.reason,
  text: r.text,
  playerId: r.player_id === null ? null : Number(r.player_id),
  playerName: r.player_name,
  app: { id: r.platform_id, title: r.app_title },
  campaign:
    r.campaign_id === null
      ? null
      : {
          id: r.campaign_id,
          name: r.campaign_name ?? '',
          taskTitle: r.task_title ?? '',
          taskType: r.task_type as TaskType,
          ownerName: r.owner_name ?? '',
        },
  claimedBy: r.claimed_by_id === null ? null : { id: r.claimed_by_id, name: r.claimed_by_name ?? '' },
  claimedAt: r.claimed_at ? new Date(r.claimed_at) : null,
  rule: r.rule,
  evidence: r.evidence,
});
