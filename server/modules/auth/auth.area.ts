import { defineArea } from '../../app/area.ts';
import { configuredMailer } from '../../lib/mailer.ts';
import { createRateLimiter, databaseRateLimiter } from '../../lib/rate-limit.ts';
import { createTokenService } from '../../lib/tokens.ts';
import { AccountNotice, RateLimitHit, RateLimitSlot, SignInAddress } from './account-safety.entity.ts';
import { authRoutes } from './auth.rest.ts';
import { secondFactorRoutes } from './second-factors.rest.ts';
import './auth.schema.ts';
import { AuthService } from './auth.service.ts';
import { purgeAccountSafety } from './purge.ts';
import { SecondFactorService } from './second-factor.service.ts';
import { purgePasskeyChallenges } from './passkeys.ts';
import { createGoogleClient } from './google.ts';
import { EmailChange, PasswordReset } from './password-reset.entity.ts';
import { Session, SignInCode } from './session.entity.ts';
import { RegistrationRequest } from './registration-request.entity.ts';
import { PasskeyChallenge, RecoveryCode, SecondFactor } from './second-factor.entity.ts';

/** Registration, sign-in (password and Google), tokens, password resets and account notices. */
export const authArea = defineArea({
  name: 'auth',
  provides: ['auth', 'google', 'secondFactors'],
  // A password sign-in after a Telegram one links the Telegram account (the notifications area's).
  later: ['notifications'],
  entities: [
    RegistrationRequest,
    PasswordReset,
    EmailChange,
    SignInAddress,
    AccountNotice,
    Session,
    SignInCode,
    SecondFactor,
    RecoveryCode,
    PasskeyChallenge,
    RateLimitHit,
    RateLimitSlot,
  ],
  services: ({ config, log, pubsub, redis, url, em, cleanups }, _needs, later) => {
    const google = config.google ? createGoogleClient(config.google) : undefined;
    // Sign-in limits and "once" slots every instance sees: Redis when set, else PostgreSQL.
    const limiter = redis
      ? createRateLimiter(config.rateLimitPerMinute, redis)
      : databaseRateLimiter(config.rateLimitPerMinute, (sql, params) => em().getConnection().execute(sql, params));
    const secondFactors = new SecondFactorService({
      secretsKey: config.secretsKey,
      limiter,
      notify: (tx, event) => later().notifications.notify(tx, event),
      deliver: () => later().notifications.kick(),
    });
    const auth = new AuthService({
      config,
      pubsub,
      tokens: createTokenService(config.jwtSecret, config.jwtExpiresIn),
      mailer: configuredMailer(config, log),
      limiter,
      secondFactors,
      google,
      log,
      appUrl: () => config.publicUrl ?? url(),
      em,
      linkTelegram: (tx, userId, account) => later().notifications.linkAccount(tx, userId, account),
      notify: (tx, event) => later().notifications.notify(tx, event),
      deliver: () => later().notifications.kick(),
      claimNotMe: (tx, token) => later().notifications.claimNotMe(tx, token),
    });
    // Mail and events that follow answers finish before the database closes.
    cleanups.push(() => auth.idle());
    return { auth, google, secondFactors };
  },
  routes: [...authRoutes, ...secondFactorRoutes],
  topics: ['sessionsEnded'],
  jobs: ({ log, em }) => [
    {
      name: 'account-safety-purge',
      run: async () => {
        const purged = { ...(await purgeAccountSafety(em())), passkeyChallenges: await purgePasskeyChallenges(em()) };
        if (Object.values(purged).some(Boolean))
          log.debug(purged, 'old account notices, addresses, codes and sessions purged');
      },
    },
  ],
});
