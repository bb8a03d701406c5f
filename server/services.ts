import type { TeamsService } from './modules/teams/teams.service.ts';
import type { CallbacksService } from './modules/campaigns/callbacks.service.ts';
import type { CampaignsService } from './modules/campaigns/campaigns.service.ts';
import type { ConversionsService } from './modules/campaigns/conversions.service.ts';
import type { ExchangeService } from './modules/exchange/exchange.service.ts';
import type { ShowcaseService } from './modules/showcase/showcase.service.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { GoogleClient } from './modules/auth/google.ts';
import type { SecondFactorService } from './modules/auth/second-factor.service.ts';
import type { ImagesService } from './modules/images/images.service.ts';
import type { Ledger } from './modules/ledger/ledger.service.ts';
import type { LookupsService } from './modules/lookups/lookups.service.ts';
import type { NotificationsService } from './modules/notifications/notifications.service.ts';
import type { PaymentsService } from './modules/payments/payments.service.ts';
import type { PayoutsService } from './modules/payouts/payouts.service.ts';
import type { WithdrawalsService } from './modules/payouts/withdrawals.service.ts';
import type { PlatformsService } from './modules/platforms/platforms.service.ts';
import type { ProjectsService } from './modules/projects/projects.service.ts';
import type { CampaignReviewService } from './modules/moderation/campaign-review.service.ts';
import type { FraudService } from './modules/moderation/fraud.service.ts';
import type { PlayerReportsService } from './modules/moderation/reports.service.ts';
import type { RegistrationQueueService } from './modules/moderation/registration.service.ts';
import type { QualityService } from './modules/quality/quality.service.ts';
import type { StatisticsService } from './modules/statistics/statistics.service.ts';
import type { UsersService } from './modules/users/users.service.ts';
import type { StaffService } from './modules/users/staff.service.ts';
import type { AuditService } from './modules/audit/audit.service.ts';

/** The domain services; GraphQL resolvers and REST handlers both call these, nothing else. */
export interface Services {
  auth: AuthService;
  secondFactors: SecondFactorService;
  users: UsersService;
  /** An account's people, access levels and invitations; which account a request acts on. */
  teams: TeamsService;
  staff: StaffService;
  audit: AuditService;
  registrations: RegistrationQueueService;
  lookups: LookupsService;
  images: ImagesService;
  ledger: Ledger;
  payments: PaymentsService;
  payouts: PayoutsService;
  withdrawals: WithdrawalsService;
  projects: ProjectsService;
  platforms: PlatformsService;
  campaigns: CampaignsService;
  conversions: ConversionsService;
  callbacks: CallbacksService;
  showcase: ShowcaseService;
  exchange: ExchangeService;
  reports: PlayerReportsService;
  campaignReview: CampaignReviewService;
  fraud: FraudService;
  statistics: StatisticsService;
  quality: QualityService;
  notifications: NotificationsService;
  google?: GoogleClient;
}
