import { defineArea } from '../../app/area.ts';
import { User } from './user.entity.ts';
import { usersRoutes } from './users.rest.ts';
import './users.schema.ts';
import { UsersService } from './users.service.ts';

/** Accounts, profiles and the signed-in user's own settings. */
export const usersArea = defineArea({
  name: 'users',
  provides: ['users'],
  entities: [User],
  services: () => ({ users: new UsersService() }),
  routes: usersRoutes,
});
