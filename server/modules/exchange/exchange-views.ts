import type { TaskType } from '../projects/project.entity.ts';
import type { DealStatus, OfferStatus } from './exchange.entity.ts';

/** The exchange's views (offers, deals, the catalog) and the SQL that reads them. */

export interface AppSummary {
  id: number;
  title: string;
  logo: string;
}
export interface ProjectSummary {
  id: number;
  title: string;
}
export interface Party {
  id: number;
  name: string;
}

export interface CatalogApp extends AppSummary {
  category: { id: number; title: string };
  taskTypes: TaskType[];
  ownerName: string;
  /** Completed actions in the app over the last 30 days. */
  recentCompletions: number;
}

export interface ExchangeProject extends ProjectSummary {
  category: { id: number; title: string };
  resources: number;
  taskTypes: TaskType[];
}

export interface OfferView {
  id: number;
  createdAt: string;
  status: OfferStatus;
  proposer: Party;
  partner: Party;
  platform: AppSummary;
  project: ProjectSummary;
  partnerPlatform: AppSummary;
  partnerProject: ProjectSummary;
  quantity: number;
  partnerQuantity: number;
  expiresAt: string | null;
  message: string | null;
  decidedAt: string | null;
  dealId: number | null;
}

export interface DealView {
  id: number;
  createdAt: string;
  offerId: number;
  status: DealStatus;
  proposer: Party;
  partner: Party;
  platform: AppSummary;
  project: ProjectSummary;
  partnerPlatform: AppSummary;
  partnerProject: ProjectSummary;
  /** Completions the proposer's app delivers to the partner's project, and how many it has. */
  quantity: number;
  delivered: number;
  /** Completions the partner's app delivers to the proposer's project, and how many it has. */
  partnerQuantity: number;
  partnerDelivered: number;
  endedAt: string | null;
}

export interface AwaitingOffers {
  incoming: number;
  outgoing: number;
}

/** Offers and deals name the same two users, apps and projects: one select for both. */
export function selectWithSides(table: string, alias: string, columns: string): string {
  const a = alias;
  return `
  select ${columns}, ${a}.proposer_id, up.name as proposer_name, ${a}.partner_id, ur.name as partner_name,
         ${a}.platform_id, pa.title as platform_title, pa.logo as platform_logo,
         ${a}.project_id, pj.title as project_title,
         ${a}.partner_platform_id, pb.title as partner_platform_title, pb.logo as partner_platform_logo,
         ${a}.partner_project_id, pk.title as partner_project_title
    from ${table} ${a}
    join users up on up.id = ${a}.proposer_id
    join users ur on ur.id = ${a}.partner_id
    join platforms pa on pa.id = ${a}.platform_id
    join projects pj on pj.id = ${a}.project_id
    join platforms pb on pb.id = ${a}.partner_platform_id
    join projects pk on pk.id = ${a}.partner_project_id`;
}

export const OFFER_SELECT = selectWithSides(
  'exchange_offers',
  'o',
  'o.id, o.created_at, o.status, o.quantity, o.partner_quantity, o.expires_at, o.message, o.decided_at, o.deal_id',
);
export const DEAL_SELECT = selectWithSides(
  'exchange_deals',
  'd',
  'd.id, d.created_at, d.offer_id, d.status, d.quantity, d.delivered, d.partner_quantity, d.partner_delivered, d.ended_at',
);

export type Row = Record<string, unknown>;
export const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

export function sides(r: Row) {
  return {
    proposer: { id: Number(r.proposer_id), name: String(r.proposer_name) },
    partner: { id: Number(r.partner_id), name: String(r.partner_name) },
    platform: { id: Number(r.platform_id), title: String(r.platform_title), logo: String(r.platform_logo) },
    project: { id: Number(r.project_id), title: String(r.project_title) },
    partnerPlatform: {
      id: Number(r.partner_platform_id),
      title: String(r.partner_platform_title),
      logo: String(r.partner_platform_logo),
    },
    partnerProject: { id: Number(r.partner_project_id), title: String(r.partner_project_title) },
  };
}

export function offerView(r: Row): OfferView {
  return {
    id: Number(r.id),
    createdAt: iso(r.created_at)!,
    status: r.status as OfferStatus,
    ...sides(r),
    quantity: Number(r.quantity),
    partnerQuantity: Number(r.partner_quantity),
    expiresAt: iso(r.expires_at),
    message: (r.message as string | null) ?? null,
    decidedAt: iso(r.decided_at),
    dealId: r.deal_id === null ? null : Number(r.deal_id),
  };
}

export function dealView(r: Row): DealView {
  return {
    id: Number(r.id),
    createdAt: iso(r.created_at)!,
    offerId: Number(r.offer_id),
    status: r.status as DealStatus,
    ...sides(r),
    quantity: Number(r.quantity),
    delivered: Number(r.delivered),
    partnerQuantity: Number(r.partner_quantity),
    partnerDelivered: Number(r.partner_delivered),
    endedAt: iso(r.ended_at),
  };
}

export const STATUS_WORDS: Record<OfferStatus, string> = {
  PENDING: 'pending',
  CONFIRMED: 'already confirmed',
  REJECTED: 'already rejected',
  WITHDRAWN: 'withdrawn',
  EXPIRED: 'expired',
};
