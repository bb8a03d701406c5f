import { defineArea } from '../../app/area.ts';
import { Project, Task } from './project.entity.ts';
import { projectsRoutes } from './projects.rest.ts';
import './projects.schema.ts';
import { ProjectsService } from './projects.service.ts';

/** Advertisers' projects (a channel, chat, bot or mini app) and the tasks campaigns promote. */
export const projectsArea = defineArea({
  name: 'projects',
  provides: ['projects'],
  needs: ['images', 'campaigns'],
  entities: [Project, Task],
  services: ({ config, log, pubsub, telegram }, { images, campaigns }) => ({
    projects: new ProjectsService({ pubsub, secretsKey: config.secretsKey, telegram, images, log, campaigns }),
  }),
  routes: projectsRoutes,
  topics: ['projectTasks'],
});
