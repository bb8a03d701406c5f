import { AwaitingJson, CatalogJson, DealJson, ExchangeProjectsJson, OfferJson } from './exchange.responses.ts';
import { z } from 'zod';
import { idParam, pageQuery } from '../../rest/params.ts';
import { route } from '../../rest/route.ts';
import { CreateOfferInput, DEAL_ACTIONS, DealListInput, OfferListInput } from './exchange.inputs.ts';
import { says } from '../../failures.ts';

const idParams = z.object({ id: idParam('id') });
const OFFER_RULES =
  '`quantity` completions my app (`platformId`) delivers to the partner’s project (`partnerProjectId`); `partnerQuantity` (default = `quantity`) completions the partner’s app (`partnerPlatformId`) delivers to my project (`projectId`). Both users must be exchange-ready; one pending offer per pair of apps.';

export const exchangeRoutes = [
  route({
    method: 'GET',
    path: '/v1/exchanges/platforms',
    tag: 'exchange',
    summary:
      'The catalog: apps of other exchange-ready users (title, logo, category, task types, owner, completions in the last 30 days), searchable by app, owner or category.',
    access: 'user',
    response: CatalogJson,
    query: pageQuery(12).extend({
      search: z.string().trim().max(100, says('SEARCH_MUST_AT_MOST_100')).optional(),
    }),
    handler: (ctx, { query }) => ctx.services.exchange.catalog(ctx.em, ctx.account!, query),
  }),
  route({
    method: 'GET',
    path: '/v1/exchanges/projects',
    tag: 'exchange',
    summary: 'The projects of an app’s owner one may ask for (`platformId`); without it, my own projects.',
    access: 'user',
    response: ExchangeProjectsJson,
    query: z.object({ platformId: idParam('platformId').optional() }),
    handler: (ctx, { query }) => ctx.services.exchange.projects(ctx.em, ctx.account!, query.platformId),
  }),
  route({
    method: 'POST',
    path: '/v1/exchanges/offers',
    tag: 'exchange',
    summary: `Make an offer. ${OFFER_RULES}`,
    access: 'user',
    response: OfferJson,
    body: CreateOfferInput,
    status: 201,
    idempotent: true,
    handler: (ctx, { body }) => ctx.services.exchange.createOffer(ctx.em, ctx.account!, body, ctx.idempotencyKey),
  }),
  route({
    method: 'GET',
    path: '/v1/exchanges/offers',
    tag: 'exchange',
    summary: 'Offers to me (`direction=incoming`) or from me (`outgoing`), pending first, newest first.',
    access: 'user',
    response: z.object({ data: z.array(OfferJson), total: z.number() }),
    query: pageQuery(10).extend(OfferListInput.shape),
    handler: (ctx, { query }) => ctx.services.exchange.listOffers(ctx.em, ctx.account!, query),
  }),
  route({
    method: 'GET',
    path: '/v1/exchanges/offers/awaiting',
    tag: 'exchange',
    summary: 'How many pending offers wait for me (`incoming`) and for my partners (`outgoing`): the tab badges.',
    access: 'user',
    response: AwaitingJson,
    handler: (ctx) => ctx.services.exchange.awaiting(ctx.em, ctx.account!.id),
  }),
  route({
    method: 'GET',
    path: '/v1/exchanges/offers/:id',
    tag: 'exchange',
    summary: 'One offer I am a party to (as proposer or partner); any other id answers 404.',
    access: 'user',
    response: OfferJson,
    params: idParams,
    handler: (ctx, { params }) => ctx.services.exchange.offerFor(ctx.em, ctx.account!, params.id),
  }),
  ...(
    [
      ['confirmation', 'confirm', 'The partner confirms: a swap (deal) starts; the answer has its `dealId`.'],
      ['rejection', 'reject', 'The partner rejects the offer.'],
      ['withdrawal', 'withdraw', 'The proposer withdraws the offer.'],
    ] as const
  ).map(([segment, action, summary]) =>
    route({
      method: 'PATCH',
      path: `/v1/exchanges/offers/:id/${segment}`,
      tag: 'exchange',
      summary: `${summary} Only a pending offer; a second decision answers 409.`,
      access: 'user',
      response: OfferJson,
      params: idParams,
      handler: (ctx, { params }) => ctx.services.exchange.decide(ctx.em, ctx.account!, params.id, action),
    }),
  ),
  route({
    method: 'GET',
    path: '/v1/exchanges/deals',
    tag: 'exchange',
    summary:
      'My swaps, running first: both sides’ apps and projects, `quantity`/`delivered` (what the proposer’s app delivers) and `partnerQuantity`/`partnerDelivered`.',
    access: 'user',
    response: z.object({ data: z.array(DealJson), total: z.number() }),
    query: pageQuery(10).extend(DealListInput.shape),
    handler: (ctx, { query }) => ctx.services.exchange.listDeals(ctx.em, ctx.account!, query),
  }),
  route({
    method: 'PATCH',
    path: '/v1/exchanges/deals/:id/:action',
    tag: 'exchange',
    summary: 'Pause, resume or end a swap (either party).',
    access: 'user',
    response: DealJson,
    params: idParams.extend({
      action: z.enum(DEAL_ACTIONS, { error: says('ACTION_MUST_ONE_OF', { values: DEAL_ACTIONS.join(', ') }) }),
    }),
    handler: (ctx, { params }) => ctx.services.exchange.changeDeal(ctx.em, ctx.account!, params.id, params.action),
  }),
];
