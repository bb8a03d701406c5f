import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { idColumn, timestamps } from '../../db/columns.ts';
import { Platform } from '../platforms/platform.entity.ts';
import { Project } from '../projects/project.entity.ts';
import { User } from '../users/user.entity.ts';

export const OFFER_STATUSES = ['PENDING', 'CONFIRMED', 'REJECTED', 'WITHDRAWN', 'EXPIRED'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const DEAL_STATUSES = ['ACTIVE', 'PAUSED', 'COMPLETED', 'ENDED'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** Largest quantity one side of an offer may promise. */
export const MAX_SWAP_QUANTITY = 1_000_000;

/**
 * An offer from a proposer to a partner: "my app (platformId) shows your project
 * (partnerProjectId) `quantity` times; your app (partnerPlatformId) shows my project
 * (projectId) `partnerQuantity` times". Each state change happens once: every transition is a
 * conditional update on `status = 'PENDING'`.
 */
export const Offer = defineEntity({
  name: 'Offer',
  tableName: 'exchange_offers',
  checks: [
    {
      name: 'exchange_offers_quantities',
      expression: `quantity >= 1 and quantity <= ${MAX_SWAP_QUANTITY} and partner_quantity >= 1 and partner_quantity <= ${MAX_SWAP_QUANTITY}`,
    },
  ],
  indexes: [
    { properties: ['proposerId', 'status', 'id'] },
    { properties: ['partnerId', 'status', 'id'] },
    {
      // One pending offer per pair of apps, whichever side proposed it.
      name: 'exchange_offers_one_pending_per_pair',
      expression: `create unique index "exchange_offers_one_pending_per_pair" on "exchange_offers" (least("platform_id", "partner_platform_id"), greatest("platform_id", "partner_platform_id")) where "status" = 'PENDING'`,
    },
  ],
  properties: {
    id: idColumn(),
    ...timestamps(),
    proposerId: p.manyToOne(User).mapToPk().fieldName('proposer_id'),
    partnerId: p.manyToOne(User).mapToPk().fieldName('partner_id'),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').deleteRule('cascade'),
    projectId: p.manyToOne(Project).mapToPk().fieldName('project_id').deleteRule('cascade'),
    partnerPlatformId: p.manyToOne(Platform).mapToPk().fieldName('partner_platform_id').deleteRule('cascade'),
    partnerProjectId: p.manyToOne(Project).mapToPk().fieldName('partner_project_id').deleteRule('cascade'),
    quantity: p.integer(),
    partnerQuantity: p.integer(),
    expiresAt: p.datetime().nullable(),
    message: p.string().length(500).nullable(),
    status: p.enum([...OFFER_STATUSES]).default('PENDING'),
    decidedAt: p.datetime().nullable(),
    dealId: p.integer().nullable(),
  },
});
export type Offer = InferEntity<typeof Offer>;

/**
 * A running swap made by confirming an offer. Each side's app carries the other side's project
 * resources through zero-price campaigns limited to that app; the conversion function counts
 * deliveries here under this row's lock, so neither side ever counts past its quantity.
 */
export const Deal = defineEntity({
  name: 'Deal',
  tableName: 'exchange_deals',
  checks: [
    {
      name: 'exchange_deals_delivered_within_quantity',
      expression:
        'delivered >= 0 and delivered <= quantity and partner_delivered >= 0 and partner_delivered <= partner_quantity',
    },
  ],
  indexes: [{ properties: ['proposerId', 'id'] }, { properties: ['partnerId', 'id'] }],
  properties: {
    id: idColumn(),
    ...timestamps(),
    offerId: p.manyToOne(Offer).mapToPk().fieldName('offer_id').unique().deleteRule('cascade'),
    proposerId: p.manyToOne(User).mapToPk().fieldName('proposer_id'),
    partnerId: p.manyToOne(User).mapToPk().fieldName('partner_id'),
    platformId: p.manyToOne(Platform).mapToPk().fieldName('platform_id').deleteRule('cascade'),
    projectId: p.manyToOne(Project).mapToPk().fieldName('project_id').deleteRule('cascade'),
    partnerPlatformId: p.manyToOne(Platform).mapToPk().fieldName('partner_platform_id').deleteRule('cascade'),
    partnerProjectId: p.manyToOne(Project).mapToPk().fieldName('partner_project_id').deleteRule('cascade'),
    // What the proposer's app delivers to the partner's project, and the other way round.
    quantity: p.integer(),
    delivered: p.integer().default(0),
    partnerQuantity: p.integer(),
    partnerDelivered: p.integer().default(0),
    status: p.enum([...DEAL_STATUSES]).default('ACTIVE'),
    endedAt: p.datetime().nullable(),
  },
});
export type Deal = InferEntity<typeof Deal>;
