import { defineArea } from '../../app/area.ts';
import { notifyLater } from '../notifications/notify.ts';
import { configuredMailer } from '../../lib/mailer.ts';
import { CampaignReviewService } from './campaign-review.service.ts';
import { FraudService } from './fraud.service.ts';
import { FraudHit, ModerationEvent, ShowcaseBlock } from './moderation.entity.ts';
import { moderationRoutes } from './moderation.rest.ts';
import './moderation.schema.ts';
import './registration.schema.ts';
import { RegistrationQueueService } from './registration.service.ts';
import { PlayerReportsService } from './reports.service.ts';

/** The moderators' queues: registrations, player reports (and the fraud rules that file them), campaign reviews. */
export const moderationArea = defineArea({
  name: 'moderation',
  provides: ['registrations', 'reports', 'campaignReview', 'fraud'],
  needs: ['ledger', 'conversions', 'campaigns'],
  // Quality hears of decisions: rejecting an app's floor report lifts its pause.
  later: ['quality', 'notifications'],
  entities: [ModerationEvent, ShowcaseBlock, FraudHit],
  services: ({ config, log, pubsub, em, url, cleanups }, { ledger, conversions, campaigns }, later) => {
    const mailer = configuredMailer(config, log);
    const appUrl = () => config.publicUrl ?? url();
    const reports = new PlayerReportsService({
      pubsub,
      ledger,
      conversions,
      campaigns,
      mailer,
      appUrl,
      log,
      onDecision: (tx, decision) => later().quality.floor.decided(tx, decision),
    });
    const fraud = new FraudService({ em, reports, config: config.fraud, log });
    // Before the database closes: the conversions already queued are still checked.
    cleanups.push(() => fraud.flush());
    const registrations = new RegistrationQueueService({ pubsub, mailer, appUrl, em, log });
    // The mails started by decisions go out before the database closes.
    cleanups.push(
      () => registrations.idle(),
      () => reports.idle(),
    );
    return {
      registrations,
      reports,
      campaignReview: new CampaignReviewService({
        ledger,
        campaigns,
        notify: notifyLater(later),
      }),
      fraud,
    };
  },
  routes: moderationRoutes,
  jobs: ({ log, em, services }) => [
    {
      name: 'registration-decision-mails',
      run: async () => {
        const sent = await services.registrations.mailMissedDecisions(em());
        if (sent) log.info({ sent }, 'registration decisions mailed late (their first send failed)');
      },
    },
  ],
  topics: ['registrationRequests', 'playerReports', 'campaignReviews'],
});
