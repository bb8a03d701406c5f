import { defineArea } from '../../app/area.ts';
import { configuredMailer } from '../../lib/mailer.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { createTokenService } from '../../lib/tokens.ts';
import { AccountNotice, SignInAddress } from './account-safety.entity.ts';
import { authRoutes } from './auth.rest.ts';
import './auth.schema.ts';
import { AuthService, purgeAccountSafety } from './auth.service.ts';
import { createGoogleClient } from './google.ts';
import { PasswordReset } from './password-reset.entity.ts';
import { Session, SignInCode } from './session.entity.ts';
import { RegistrationRequest } from './registration-request.entity.ts';

/** Registration, sign-in (password and Google), tokens, password resets and account notices. */
export const authArea = defineArea({
  name: 'auth',
  provides: ['auth', 'google'],
  // A password sign-in after a Telegram one links the Telegram account (the notifications area's).
  later: ['notifications'],
  entities: [RegistrationRequest, PasswordReset, SignInAddress, AccountNotice, Session, SignInCode],
  services: ({ config, log, pubsub, redis, url, em, cleanups }, _needs, later) => {
    const google = config.google ? createGoogleClient(config.google) : undefined;
    const auth = new AuthService({
      config,
      pubsub,
      tokens: createTokenService(config.jwtSecret, config.jwtExpiresIn),
      mailer: configuredMailer(config, log),
      limiter: createRateLimiter(config.rateLimitPerMinute, redis),
      google,
      log,
      appUrl: () => config.publicUrl ?? url(),
      em,
      linkTelegram: (tx, userId, account) => later().notifications.linkAccount(tx, userId, account),
    });
    // Mail and events that follow answers finish before the database closes.
    cleanups.push(() => auth.idle());
    return { auth, google };
  },
  routes: authRoutes,
  topics: ['sessionsEnded'],
  jobs: ({ log, em }) => [
    {
      name: 'account-safety-purge',
      run: async () => {
        const purged = await purgeAccountSafety(em());
        if (Object.values(purged).some(Boolean))
          log.debug(purged, 'old account notices, addresses, codes and sessions purged');
      },
    },
  ],
});
