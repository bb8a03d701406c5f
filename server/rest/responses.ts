import { z } from 'zod';
import { CAMPAIGN_STATUSES, REPORT_REASONS, REPORT_STATUSES } from '../modules/campaigns/campaign.entity.ts';
import { DEAL_STATUSES, OFFER_STATUSES } from '../modules/exchange/exchange.entity.ts';
import { TASK_TYPES } from '../modules/projects/project.entity.ts';

/**
 * What the REST answers hold (`value` of the envelope), for the OpenAPI document: a client
 * generated from it reads every answer. Objects are closed (no other property), so an answer
 * with a field the document does not name is caught by the tests that check every answer
 * against it (tests/helpers/api-document.ts, the REST fuzz test).
 */

/** An ISO 8601 time in UTC. */
export const Time = z.string();
/** USD as a JSON number with at most 6 decimals. */
export const Usd = z.number();
export const TaskType = z.enum(TASK_TYPES);
const IdTitle = z.object({ id: z.number(), title: z.string() });
const Country = z.object({ id: z.string(), title: z.string() });

export const TierJson = z.object({
  level: z.number(),
  value: Usd,
  prices: z.array(z.object({ value: Usd, country: Country, countryId: z.string() })),
});

export const SettingsJson = z.object({
  tierList: z.array(TierJson),
  languages: z.array(z.object({ code: z.string(), title: z.string() })),
  onlyPremiumUserCommission: z.number(),
  networkFeePercent: z.number(),
  telegramSystemBot: z.string(),
});
export const CategoriesJson = z.object({ data: z.array(IdTitle), total: z.number() });
export const CountriesJson = z.object({ data: z.array(Country), total: z.number() });

export const AuthConfigJson = z.object({
  google: z
    .object({ clientId: z.string(), authorizationEndpoint: z.string(), redirectUri: z.string(), scope: z.string() })
    .nullable(),
  supportBot: z.string(),
  supportEmail: z.string(),
  docsUrl: z.string(),
});

export const TaskJson = z.object({
  id: z.number(),
  createdAt: Time,
  projectId: z.number(),
  type: TaskType,
  taskType: TaskType,
  title: z.string(),
  url: z.string(),
  logo: z.string(),
  isMiniApp: z.boolean(),
  inviteLink: z.string().nullable(),
  verificationCode: z.string(),
  verificationLink: z.string().nullable(),
  isVerifiedSource: z.boolean(),
});
export const ProjectJson = z.object({
  id: z.number(),
  createdAt: Time,
  title: z.string(),
  categoryId: z.number(),
  category: IdTitle,
  tasksCount: z.number(),
  logo: z.string().nullable(),
  tasks: z.array(TaskJson),
  /** Only where the owner reads one project. */
  secretKey: z.string().optional(),
});
export const SuggestionJson = z.object({
  title: z.string(),
  logo: z.string().nullable(),
  taskType: TaskType,
  url: z.string(),
});
const ConversionOutcomeJson = z.object({
  conversionId: z.number().nullable(),
  status: z.enum(['COMPLETED', 'DUPLICATE', 'NOT_NEW']),
});
export const SdkEventJson = z.union([
  z.object({ taskId: z.number(), isVerifiedSource: z.literal(true) }),
  ConversionOutcomeJson,
  z.object({
    results: z.array(
      z.union([
        ConversionOutcomeJson,
        z.object({ status: z.literal('ERROR'), httpStatus: z.number().int(), error: z.string() }),
      ]),
    ),
  }),
]);

export const ServiceJson = z.object({
  id: z.number().nullable(),
  platformId: z.number(),
  taskType: TaskType,
  awards: z.array(
    z.object({ id: z.number(), platformRewardId: z.number(), platformRewardTitle: z.string(), value: z.number() }),
  ),
  shouldConfirmWithoutPayout: z.boolean(),
  isExcluded: z.boolean(),
  defaultPrice: Usd,
  reward: z.string().nullable(),
  rewardIcon: z.string().nullable(),
  tiers: z.array(TierJson),
});
export const PlatformJson = z.object({
  id: z.number(),
  createdAt: Time,
  title: z.string(),
  logo: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  isActive: z.boolean(),
  categoryId: z.number(),
  category: IdTitle.nullable(),
  webappUrl: z.string(),
  tgBotUrl: z.string(),
  tgBotId: z.number().nullable(),
  hasBotToken: z.boolean(),
  rewardCallbackUrl: z.string().nullable(),
  isDarkTheme: z.boolean(),
  rewards: z.array(z.object({ id: z.number(), title: z.string(), logo: z.string(), platformId: z.number() })),
  services: z.array(ServiceJson),
  /** Only where the owner reads one app. */
  secretKey: z.string().optional(),
});
export const PlatformCampaignRowJson = z.object({
  campaignId: z.number(),
  task: z.object({ type: TaskType, title: z.string() }),
  completedQuantity: z.number(),
  profitBudget: Usd,
  isActive: z.boolean(),
});
export const CallbackJson = z.object({
  id: z.number(),
  conversionId: z.number(),
  url: z.string(),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
  attempts: z.number(),
  nextAttemptAt: Time.nullable(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: Time,
  deliveredAt: Time.nullable(),
  attemptLog: z.array(
    z.object({
      attempt: z.number(),
      at: Time,
      statusCode: z.number().nullable(),
      error: z.string().nullable(),
      durationMs: z.number(),
    }),
  ),
});

export const CampaignJson = z.object({
  id: z.number(),
  createdAt: Time,
  projectId: z.number(),
  taskId: z.number().nullable(),
  task: z.object({ id: z.number().nullable(), type: TaskType, title: z.string(), logo: z.string(), url: z.string() }),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  isActive: z.boolean(),
  prices: z.array(z.object({ tierLevel: z.number(), value: Usd })),
  dailyCap: z.number().nullable(),
  countries: z.array(z.string()),
  languages: z.array(z.string()),
  isPremiumOnly: z.boolean(),
  newUsersOnly: z.boolean(),
  minQuality: z.number().nullable(),
  unscoredAllowed: z.boolean(),
  budget: Usd,
  conversions: z.number(),
  spend: Usd,
  todayConversions: z.number(),
  todaySpend: Usd,
  notNew: z.number(),
  rejectReason: z.string().nullable(),
});
/** The data table's answer (spec 7), with `total` too where the spec's call names it. */
export const tablePage = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), totalCount: z.number(), total: z.number() });

export const StatDayJson = z.object({ createdAt: z.string(), conversions: z.number(), profit: Usd });
export const ReportJson = z.object({
  data: z.array(
    z.object({
      day: z.string().optional(),
      key: z.string(),
      label: z.string(),
      conversions: z.number(),
      spend: Usd,
      platformId: z.number().optional(),
      quality: z.object({ score: z.number().nullable(), conversions: z.number() }).optional(),
    }),
  ),
});

const ShowcaseAward = z.object({ title: z.string(), logo: z.string(), value: z.number() });
export const ShowcaseListJson = z.object({
  platform: z.object({ id: z.number(), title: z.string(), logo: z.string(), isDarkTheme: z.boolean() }),
  player: z.object({ id: z.number(), firstName: z.string() }),
  debug: z.literal(true).optional(),
  tasks: z.array(
    z.object({
      campaignId: z.union([z.number(), z.literal('debug')]),
      taskType: TaskType,
      title: z.string(),
      logo: z.string(),
      awards: z.array(ShowcaseAward),
      status: z.enum(['AVAILABLE', 'STARTED']),
    }),
  ),
});
export const ShowcaseStartJson = z.object({
  clickId: z.number(),
  link: z.string(),
  taskType: TaskType,
  status: z.literal('STARTED'),
});
export const ShowcaseCheckJson = z.object({
  status: z.enum(['COMPLETED', 'PENDING']),
  awards: z.array(ShowcaseAward),
  message: z.string().optional(),
});
export const ChatMemberResultJson = z.object({ converted: z.number(), voided: z.number() });

const AppSummary = z.object({ id: z.number(), title: z.string(), logo: z.string() });
const ProjectSummary = z.object({ id: z.number(), title: z.string() });
const Party = z.object({ id: z.number(), name: z.string() });
export const CatalogJson = z.object({
  data: z.array(
    AppSummary.extend({
      category: IdTitle,
      taskTypes: z.array(TaskType),
      ownerName: z.string(),
      recentCompletions: z.number(),
    }),
  ),
  total: z.number(),
});
export const ExchangeProjectsJson = z.object({
  data: z.array(ProjectSummary.extend({ category: IdTitle, resources: z.number(), taskTypes: z.array(TaskType) })),
});
export const OfferJson = z.object({
  id: z.number(),
  createdAt: Time,
  status: z.enum(OFFER_STATUSES),
  proposer: Party,
  partner: Party,
  platform: AppSummary,
  project: ProjectSummary,
  partnerPlatform: AppSummary,
  partnerProject: ProjectSummary,
  quantity: z.number(),
  partnerQuantity: z.number(),
  expiresAt: Time.nullable(),
  message: z.string().nullable(),
  decidedAt: Time.nullable(),
  dealId: z.number().nullable(),
});
export const DealJson = z.object({
  id: z.number(),
  createdAt: Time,
  offerId: z.number(),
  status: z.enum(DEAL_STATUSES),
  proposer: Party,
  partner: Party,
  platform: AppSummary,
  project: ProjectSummary,
  partnerPlatform: AppSummary,
  partnerProject: ProjectSummary,
  quantity: z.number(),
  delivered: z.number(),
  partnerQuantity: z.number(),
  partnerDelivered: z.number(),
  endedAt: Time.nullable(),
});
export const AwaitingJson = z.object({ incoming: z.number(), outgoing: z.number() });

const Actor = z.object({ id: z.number(), name: z.string() });
const History = z.array(
  z.object({
    id: z.number(),
    at: Time,
    actor: Actor.nullable(),
    action: z.string(),
    from: z.string().nullable(),
    to: z.string(),
    note: z.string().nullable(),
    effects: z.record(z.string(), z.unknown()).nullable(),
  }),
);
export const ReportViewJson = z.object({
  id: z.number(),
  createdAt: Time,
  updatedAt: Time,
  status: z.enum(REPORT_STATUSES),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  playerId: z.number().nullable(),
  playerName: z.string().nullable(),
  app: IdTitle,
  campaign: z
    .object({ id: z.number(), name: z.string(), taskTitle: z.string(), taskType: TaskType, ownerName: z.string() })
    .nullable(),
  claimedBy: Actor.nullable(),
  claimedAt: Time.nullable(),
  rule: z.string().nullable(),
  evidence: z.record(z.string(), z.unknown()).nullable(),
});
export const ReportDetailJson = ReportViewJson.extend({
  conversions: z.array(
    z.object({
      id: z.number(),
      createdAt: Time,
      status: z.enum(['HOLD', 'POSTED', 'VOIDED']),
      price: Usd,
      campaignId: z.number(),
      campaignName: z.string(),
      appTitle: z.string(),
      taskType: TaskType,
    }),
  ),
  blocked: z.boolean(),
  history: History,
});
export const ReviewJson = z.object({
  id: z.number(),
  createdAt: Time,
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  rejectReason: z.string().nullable(),
  approvedAt: Time.nullable(),
  advertiser: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  project: ProjectSummary,
  task: z.object({ type: TaskType, title: z.string(), url: z.string() }),
  prices: z.array(z.object({ tierLevel: z.number(), value: Usd })),
  budget: Usd,
  claimedBy: Actor.nullable(),
  claimedAt: Time.nullable(),
});
export const ReviewDetailJson = ReviewJson.extend({ history: History });
export const ModerationCountsJson = z.object({
  newReports: z.number(),
  myReports: z.number(),
  campaignsToReview: z.number(),
  registrations: z.number(),
});
