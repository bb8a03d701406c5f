import { defineArea } from '../../app/area.ts';
import { configuredMailer } from '../../lib/mailer.ts';
import { StaffService } from './staff.service.ts';
import { StaffRoleChange, User } from './user.entity.ts';
import { usersRoutes } from './users.rest.ts';
import './staff.schema.ts';
import './users.schema.ts';
import { UsersService } from './users.service.ts';

/** Accounts, profiles, the signed-in user's own settings, and staff roles. */
export const usersArea = defineArea({
  name: 'users',
  provides: ['users', 'staff'],
  entities: [User, StaffRoleChange],
  services: ({ config, log, url }) => ({
    users: new UsersService(),
    staff: new StaffService({
      mailer: configuredMailer(config, log),
      log,
      appUrl: () => config.publicUrl ?? url(),
    }),
  }),
  routes: usersRoutes,
});
