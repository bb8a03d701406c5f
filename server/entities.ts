import { AccountNotice, SignInAddress } from './modules/auth/account-safety.entity.ts';
import { PasswordReset } from './modules/auth/password-reset.entity.ts';
import { RegistrationRequest } from './modules/auth/registration-request.entity.ts';
import {
  Campaign,
  Click,
  Conversion,
  PlatformCampaignStats,
  PlayerReport,
  RewardCallback,
  RewardCallbackAttempt,
} from './modules/campaigns/campaign.entity.ts';
import { Deal, Offer } from './modules/exchange/exchange.entity.ts';
import { IdempotencyKey } from './modules/idempotency/idempotency.entity.ts';
import { ModerationEvent, ShowcaseBlock } from './modules/moderation/moderation.entity.ts';
import { Account } from './modules/ledger/account.entity.ts';
import { Transfer } from './modules/ledger/transfer.entity.ts';
import { Payment } from './modules/payments/payment.entity.ts';
import { Platform, PlatformReward, Service, ServiceAward } from './modules/platforms/platform.entity.ts';
import { Project, Task } from './modules/projects/project.entity.ts';
import { Category, Tier, TierPrice } from './modules/lookups/lookups.entity.ts';
import {
  AdvertiserAppDailyStats,
  CampaignAppDailyStats,
  CampaignDailyStats,
  PublisherDailyStats,
} from './modules/statistics/statistics.entity.ts';
import { User } from './modules/users/user.entity.ts';

/** Every entity of the app; the ORM and the migration generator read this list. */
export const entities = [
  User,
  RegistrationRequest,
  PasswordReset,
  SignInAddress,
  AccountNotice,
  Category,
  Tier,
  TierPrice,
  Account,
  Transfer,
  Payment,
  Project,
  Task,
  Platform,
  PlatformReward,
  Service,
  ServiceAward,
  Campaign,
  Click,
  Conversion,
  PlatformCampaignStats,
  RewardCallback,
  RewardCallbackAttempt,
  PlayerReport,
  Offer,
  Deal,
  ModerationEvent,
  ShowcaseBlock,
  PublisherDailyStats,
  CampaignDailyStats,
  CampaignAppDailyStats,
  AdvertiserAppDailyStats,
  IdempotencyKey,
];
