import { checkPage, expectedVersionOf, parseId, parseInput } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { topics } from '../../lib/pubsub.ts';
import { TASK_TYPES } from './project.entity.ts';
import { CreateProjectInput, TaskInput, UpdateProjectInput } from './projects.inputs.ts';
import { type ProjectView, type TaskEvent, type TaskView, taskView } from './projects.service.ts';

export const TaskTypeEnum = builder.enumType('TaskType', { values: TASK_TYPES });

export const TaskRef = builder.objectRef<TaskView>('Task').implement({
  description: 'An advertising resource: bot, channel, chat, smart link or custom link.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    projectId: t.exposeID('projectId'),
    type: t.expose('type', { type: TaskTypeEnum }),
    taskType: t.expose('taskType', { type: TaskTypeEnum }),
    title: t.exposeString('title'),
    url: t.exposeString('url'),
    logo: t.exposeString('logo'),
    isMiniApp: t.exposeBoolean('isMiniApp'),
    inviteLink: t.exposeString('inviteLink', { nullable: true }),
    verificationCode: t.exposeString('verificationCode'),
    verificationLink: t.exposeString('verificationLink', {
      nullable: true,
      description: 'For bots: open it so the bot forwards the code with the project API key.',
    }),
    isVerifiedSource: t.exposeBoolean('isVerifiedSource'),
  }),
});

const CategoryRefLite = builder.objectRef<{ id: number; title: string }>('ProjectCategory').implement({
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});

const ProjectRef = builder.objectRef<ProjectView>('Project').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    title: t.exposeString('title'),
    categoryId: t.exposeID('categoryId'),
    category: t.expose('category', { type: CategoryRefLite }),
    tasksCount: t.exposeInt('tasksCount'),
    logo: t.exposeString('logo', { nullable: true, description: 'The first resource’s logo.' }),
    tasks: t.expose('tasks', { type: [TaskRef], description: 'Filled on a single project.' }),
    version: t.exposeInt('version', {
      description: 'Bumped by every saved change: send it as updateProject’s expectedVersion.',
    }),
    secretKey: t.exposeString('secretKey', {
      nullable: true,
      description: 'The project API key (single project only).',
    }),
  }),
});

const ProjectPageRef = builder.objectRef<{ data: ProjectView[]; total: number }>('ProjectPage').implement({
  fields: (t) => ({ data: t.expose('data', { type: [ProjectRef] }), total: t.exposeInt('total') }),
});
const TaskPageRef = builder.objectRef<{ data: TaskView[]; total: number }>('TaskPage').implement({
  fields: (t) => ({ data: t.expose('data', { type: [TaskRef] }), total: t.exposeInt('total') }),
});
const SuggestionRef = builder
  .objectRef<{ title: string; logo: string | null; taskType: TaskView['taskType']; url: string }>('ResourceSuggestion')
  .implement({
    fields: (t) => ({
      title: t.exposeString('title'),
      logo: t.exposeString('logo', { nullable: true }),
      taskType: t.expose('taskType', { type: TaskTypeEnum }),
      url: t.exposeString('url'),
    }),
  });
const TaskEventRef = builder.objectRef<TaskEvent>('TaskEvent').implement({
  fields: (t) => ({
    action: t.exposeString('action', { description: 'CREATED, VERIFIED or DELETED' }),
    projectId: t.exposeID('projectId'),
    taskId: t.exposeID('taskId'),
    task: t.expose('task', { type: TaskRef, nullable: true }),
  }),
});

const TaskInputRef = builder.inputType('TaskInput', {
  fields: (t) => ({
    id: t.id({
      required: false,
      description: 'Set on existing resources sent back in updateProject: those are read-only and left as they are.',
    }),
    type: t.field({ type: TaskTypeEnum, required: true }),
    title: t.string({ required: true }),
    url: t.string({ required: true }),
    logo: t.string({ required: true }),
    isMiniApp: t.boolean({ required: false }),
    inviteLink: t.string({ required: false }),
  }),
});
const ProjectInputRef = builder.inputType('ProjectInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    categoryId: t.id({ required: true }),
    tasks: t.field({ type: [TaskInputRef], required: false, description: 'New resources to add.' }),
  }),
});

builder.queryFields((t) => ({
  projects: t.field({
    type: ProjectPageRef,
    authScopes: { authenticated: true },
    args: {
      page: t.arg.int({ required: true, defaultValue: 1 }),
      limit: t.arg.int({ required: true, defaultValue: 100 }),
    },
    resolve: (_r, { page, limit }, ctx) => {
      checkPage(page, limit);
      return ctx.services.projects.list(ctx.em, ctx.account!, page, limit);
    },
  }),
  project: t.field({
    type: ProjectRef,
    authScopes: { authenticated: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.projects.get(ctx.em, ctx.account!, parseId(id)),
  }),
  projectTasks: t.field({
    type: TaskPageRef,
    authScopes: { authenticated: true },
    args: {
      projectId: t.arg.id({ required: true }),
      page: t.arg.int({ required: true, defaultValue: 1 }),
      limit: t.arg.int({ required: true, defaultValue: 10 }),
    },
    resolve: (_r, { projectId, page, limit }, ctx) => {
      checkPage(page, limit);
      return ctx.services.projects.tasks(ctx.em, ctx.account!, parseId(projectId), page, limit);
    },
  }),
}));

builder.mutationFields((t) => ({
  createProject: t.field({
    type: ProjectRef,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: ProjectInputRef, required: true }) },
    resolve: (_r, { input }, ctx) =>
      ctx.services.projects.create(
        ctx.em,
        ctx.account!,
        parseInput(CreateProjectInput, { ...input, tasks: input.tasks ?? [] }),
        ctx.idempotencyKey,
      ),
  }),
  updateProject: t.field({
    type: ProjectRef,
    authScopes: { authenticated: true },
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: ProjectInputRef, required: true }),
      expectedVersion: t.arg.int({ required: false, description: expectedVersionOf('Project') }),
    },
    resolve: (_r, { id, input, expectedVersion }, ctx) =>
      ctx.services.projects.update(
        ctx.em,
        ctx.account!,
        parseId(id),
        parseInput(UpdateProjectInput, { ...input, tasks: input.tasks ?? [] }),
        expectedVersion ?? undefined,
      ),
  }),
  regenerateProjectKey: t.string({
    authScopes: { authenticated: true },
    description: 'A new API key; the old one stops working at once.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, { id }, ctx) => {
      return (await ctx.services.projects.regenerateKey(ctx.em, ctx.account!, parseId(id))).secretKey;
    },
  }),
  createTask: t.field({
    type: TaskRef,
    authScopes: { authenticated: true },
    args: { projectId: t.arg.id({ required: true }), input: t.arg({ type: TaskInputRef, required: true }) },
    resolve: async (_r, { projectId, input }, ctx) =>
      taskView(
        await ctx.services.projects.createTask(
          ctx.em,
          ctx.account!,
          parseId(projectId),
          parseInput(TaskInput, input),
          ctx.idempotencyKey,
        ),
      ),
  }),
  deleteTask: t.boolean({
    authScopes: { authenticated: true },
    args: { projectId: t.arg.id({ required: true }), taskId: t.arg.id({ required: true }) },
    resolve: async (_r, { projectId, taskId }, ctx) => {
      await ctx.services.projects.deleteTask(ctx.em, ctx.account!, parseId(projectId), parseId(taskId));
      return true;
    },
  }),
  verifyTask: t.field({
    type: TaskRef,
    authScopes: { authenticated: true },
    args: { projectId: t.arg.id({ required: true }), taskId: t.arg.id({ required: true }) },
    resolve: async (_r, { projectId, taskId }, ctx) =>
      taskView(await ctx.services.projects.verifyTask(ctx.em, ctx.account!, parseId(projectId), parseId(taskId))),
  }),
  suggestResource: t.field({
    type: SuggestionRef,
    authScopes: { authenticated: true },
    args: { url: t.arg.string({ required: true }) },
    resolve: (_r, { url }, ctx) => ctx.services.projects.suggest(ctx.account, url),
  }),
}));

builder.subscriptionField('taskUpdated', (t) =>
  t.field({
    type: TaskEventRef,
    authScopes: { authenticated: true },
    description: 'A resource of the project was created, verified or deleted (project owner only).',
    args: { projectId: t.arg.id({ required: true }) },
    subscribe: async (_r, { projectId }, ctx) => {
      const id = parseId(projectId);
      await ctx.services.projects.assertOwner(ctx.em, ctx.account!, id);
      return ctx.pubsub.subscribe<TaskEvent>(topics.projectTasks(id));
    },
    resolve: (e) => e,
  }),
);
