import { defineArea } from '../../app/area.ts';
import { sqlDefinition } from '../../db/definitions.ts';
import { ACCOUNT_ACTIVITY_CHANNEL, listen, USER_CHANGED_CHANNEL } from '../../db/listen.ts';
import { configuredMailer } from '../../lib/mailer.ts';
import { notifyLater } from '../notifications/notify.ts';
import { AccountActivity, AccountInvitation, AccountMember } from './teams.entity.ts';
import { teamsRoutes } from './teams.rest.ts';
import './teams.schema.ts';
import { TeamsService } from './teams.service.ts';

/**
 * Teams: an account's people, their access levels and invitations, and which account a request
 * acts on (`X-Account-Id`, the socket's `accountId`). The levels themselves are decided by the
 * permission module (server/lib/access.ts) from shared/access-levels.ts.
 */
export const teamsArea = defineArea({
  name: 'teams',
  provides: ['teams'],
  // Registration through an invitation hashes the password as every sign-up does.
  needs: ['auth'],
  later: ['notifications'],
  entities: [AccountMember, AccountInvitation, AccountActivity],
  sql: [sqlDefinition(import.meta.url, './sql/account_activity_record.sql')],
  services: async ({ config, log, url, pubsub, cleanups, orm }, { auth }, later) => {
    const teams = new TeamsService({
      mailer: configuredMailer(config, log),
      log,
      appUrl: () => config.publicUrl ?? url(),
      notify: notifyLater(later),
      deliver: () => later().notifications.kick(),
      pubsub,
      hashPassword: (password) => auth.hashPassword(password),
    });
    cleanups.push(async () => teams.presence.close());
    // Every instance hears every account's history grow from the database itself (Redis or not).
    const stop = await listen(
      orm.config.getClientUrl(),
      ACCOUNT_ACTIVITY_CHANNEL,
      (p) => teams.heardActivity(p),
      log,
    ).catch((err) => {
      log.error({ err }, 'the history is not followed live: Activity lists show changes when read anew');
      return async () => {};
    });
    cleanups.push(stop);
    // A membership changed (or a person): every instance reads it anew (removal in force at once).
    const stopMembers = await listen(
      orm.config.getClientUrl(),
      USER_CHANGED_CHANNEL,
      (p) => teams.forgetPeople(p.split(',').map(Number).filter(Number.isInteger)),
      log,
    ).catch((err) => {
      log.error({ err }, 'membership changes are not followed: each is read anew within a second');
      return async () => {};
    });
    cleanups.push(stopMembers);
    return { teams };
  },
  routes: teamsRoutes,
});
