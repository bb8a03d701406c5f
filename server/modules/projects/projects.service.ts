import { bumpVersion, checkVersion } from '../../db/versions.ts';
import { staleVersion } from '../teams/activity.ts';
import { fail } from '../../failures.ts';
import { authorize } from '../../lib/access.ts';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { type Emit, inTransaction } from '../../db/transaction.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { decryptSecret, encryptSecret, hashKey, newApiKey } from '../../lib/secrets.ts';
import { TelegramApiError, type TelegramClient } from '../../lib/telegram.ts';
import type { CampaignsService } from '../campaigns/campaigns.service.ts';
import type { ImagesService } from '../images/images.service.ts';
import { once } from '../../lib/idempotency.ts';
import { Category } from '../lookups/lookups.entity.ts';
import type { User } from '../users/user.entity.ts';
import { Project, Task, type TaskType } from './project.entity.ts';
import {
  type CreateProjectInput,
  normaliseTelegramLink,
  type TaskInput,
  telegramUsername,
  type UpdateProjectInput,
} from './projects.inputs.ts';

export const VERIFICATION_PREFIX = 'wg_vf_';

export interface TaskView {
  id: number;
  createdAt: string;
  projectId: number;
  type: TaskType;
  taskType: TaskType;
  title: string;
  url: string;
  logo: string;
  isMiniApp: boolean;
  inviteLink: string | null;
  verificationCode: string;
  verificationLink: string | null;
  isVerifiedSource: boolean;
}

export interface ProjectView {
  id: number;
  createdAt: string;
  title: string;
  categoryId: number;
  category: { id: number; title: string };
  tasksCount: number;
  logo: string | null;
  tasks: TaskView[];
  /** What a change must name to apply (REST's ETag, GraphQL's expectedVersion). */
  version: number;
  secretKey?: string;
}

export interface TaskEvent {
  action: 'CREATED' | 'VERIFIED' | 'DELETED';
  projectId: number;
  taskId: number;
  task: TaskView | null;
}

/** The link that makes an advertiser's bot forward the verification code to us. */
export function verificationLink(task: Pick<Task, 'type' | 'url' | 'isMiniApp' | 'verificationCode'>): string | null {
  if (task.type !== 'BOT') return null;
  const bot = telegramUsername(task.url);
  if (!bot) return null;
  return `https://t.me/${bot}?${task.isMiniApp ? 'startapp' : 'start'}=${VERIFICATION_PREFIX}${task.verificationCode}`;
}

export function taskView(t: Task): TaskView {
  return {
    id: t.id,
    createdAt: t.createdAt.toISOString(),
    projectId: t.projectId,
    type: t.type,
    taskType: t.type,
    title: t.title,
    url: t.url,
    logo: t.logo,
    isMiniApp: t.isMiniApp,
    inviteLink: t.inviteLink ?? null,
    verificationCode: t.verificationCode,
    verificationLink: verificationLink(t),
    isVerifiedSource: t.isVerifiedSource,
  };
}

export class ProjectsService {
  constructor(
    private readonly deps: {
      pubsub: PubSub;
      secretsKey: Buffer;
      telegram: TelegramClient;
      images: ImagesService;
      log: Logger;
      campaigns?: CampaignsService;
    },
  ) {}

  /** Ownership lives in the query: someone else's project is simply not found. */
  private async owned(em: EntityManager, owner: User, id: number): Promise<Project> {
    const project = await em.findOne(Project, { id, ownerId: owner.id });
    if (!project) throw fail('PROJECT_NOT_FOUND');
    return project;
  }

  private async category(em: EntityManager, id: number) {
    const category = await em.findOne(Category, { id });
    if (!category) throw fail('PROJECT_CATEGORY_MISSING');
    return category;
  }

  private async view(em: EntityManager, project: Project, opts: { withTasks: boolean; withKey: boolean }) {
    // One after another: inside a transaction they share one connection anyway.
    const category = await em.findOneOrFail(Category, { id: project.categoryId });
    const count = await em.count(Task, { projectId: project.id });
    const first = await em.findOne(Task, { projectId: project.id }, { orderBy: { id: 'asc' } });
    const tasks = opts.withTasks ? await em.find(Task, { projectId: project.id }, { orderBy: { id: 'asc' } }) : [];
    const view: ProjectView = {
      id: project.id,
      createdAt: project.createdAt.toISOString(),
      title: project.title,
      categoryId: project.categoryId,
      category: { id: category.id, title: category.title },
      tasksCount: count,
      logo: first?.logo ?? null,
      tasks: tasks.map(taskView),
      version: project.version,
    };
    if (opts.withKey) view.secretKey = decryptSecret(this.deps.secretsKey, project.secretKeyEnc);
    return view;
  }

  async list(em: EntityManager, owner: User, page: number, limit: number) {
    const [projects, total] = await em.findAndCount(
      Project,
      { ownerId: owner.id },
      { orderBy: { id: 'desc' }, limit, offset: (page - 1) * limit },
    );
    if (!projects.length) return { data: [], total };
    // Three queries for the whole page, not four per project.
    const ids = projects.map((p) => p.id);
    const marks = ids.map(() => '?').join(', ');
    const counts = await em.execute<{ project_id: number; n: string }[]>(
      `select project_id, count(*) as n from tasks where project_id in (${marks}) group by project_id`,
      ids,
    );
    const logos = await em.execute<{ project_id: number; logo: string }[]>(
      `select distinct on (project_id) project_id, logo from tasks where project_id in (${marks}) order by project_id, id`,
      ids,
    );
    const categories = await em.find(Category, { id: { $in: [...new Set(projects.map((p) => p.categoryId))] } });
    const countOf = new Map(counts.map((c) => [c.project_id, Number(c.n)]));
    const logoOf = new Map(logos.map((l) => [l.project_id, l.logo]));
    const categoryOf = new Map(categories.map((c) => [c.id, { id: c.id, title: c.title }]));
    const data: ProjectView[] = projects.map((p) => ({
      id: p.id,
      createdAt: p.createdAt.toISOString(),
      title: p.title,
      categoryId: p.categoryId,
      category: categoryOf.get(p.categoryId) ?? { id: p.categoryId, title: '' },
      tasksCount: countOf.get(p.id) ?? 0,
      logo: logoOf.get(p.id) ?? null,
      tasks: [],
      version: p.version,
    }));
    return { data, total };
  }

  async get(em: EntityManager, owner: User, id: number) {
    return this.view(em, await this.owned(em, owner, id), { withTasks: true, withKey: true });
  }

  private newKey() {
    const key = newApiKey('tgp');
    return { key, enc: encryptSecret(this.deps.secretsKey, key), hash: hashKey(key) };
  }

  private addTask(em: EntityManager, projectId: number, input: TaskInput): Task {
    return em.create(Task, {
      projectId,
      type: input.type,
      title: input.title,
      url: input.url,
      logo: input.logo,
      isMiniApp: input.isMiniApp,
      inviteLink: input.inviteLink,
      verificationCode: randomBytes(8).toString('hex'),
      verifiedAt: null,
    });
  }

  /** A new project; `idempotencyKey` makes a retry answer the first project instead of a second one. */
  async create(
    em: EntityManager,
    owner: User,
    input: CreateProjectInput,
    idempotencyKey?: string | null,
  ): Promise<ProjectView> {
    authorize(owner, 'project.create');
    await this.category(em, input.categoryId);
    return inTransaction(em, this.deps.pubsub, (tx, emit) =>
      once(
        tx,
        { userId: owner.id, key: idempotencyKey, operation: 'createProject', request: input },
        async (id) => this.view(tx, await this.owned(tx, owner, id), { withTasks: true, withKey: true }),
        async () => {
          const project = await this.createProject(tx, emit, owner, input);
          return { id: project.id, result: await this.view(tx, project, { withTasks: true, withKey: true }) };
        },
      ),
    );
  }

  private async createProject(tx: EntityManager, emit: Emit, owner: User, input: CreateProjectInput) {
    const key = this.newKey();
    const project = tx.create(Project, {
      ownerId: owner.id,
      title: input.title,
      categoryId: input.categoryId,
      secretKeyEnc: key.enc,
      secretKeyHash: key.hash,
    });
    await tx.flush();
    const tasks = input.tasks.map((t) => this.addTask(tx, project.id, t));
    await tx.flush();
    for (const t of tasks) emit(topics.projectTasks(project.id), this.event('CREATED', t));
    return project;
  }

  async update(
    em: EntityManager,
    owner: User,
    id: number,
    input: UpdateProjectInput,
    /** The version the change was made on: another saved first, STALE_VERSION (412) with the project as it is. */
    expectedVersion?: number,
  ): Promise<ProjectView> {
    authorize(owner, 'project.update');
    checkVersion(expectedVersion);
    await this.category(em, input.categoryId);
    return inTransaction(em, this.deps.pubsub, async (tx, emit) => {
      const bumped = await bumpVersion(tx, 'projects', id, owner.id, expectedVersion);
      if (!bumped.ok && 'stale' in bumped) {
        const current = await this.view(tx, await this.owned(tx, owner, id), { withTasks: true, withKey: true });
        throw await staleVersion(tx, owner.id, 'project', id, bumped.stale, current);
      }
      const project = await this.owned(tx, owner, id);
      project.title = input.title;
      project.categoryId = input.categoryId;
      const tasks = input.tasks.map((t) => this.addTask(tx, project.id, t));
      await tx.flush();
      for (const t of tasks) emit(topics.projectTasks(project.id), this.event('CREATED', t));
      return this.view(tx, project, { withTasks: true, withKey: true });
    });
  }

  /** A new key; the old one stops working at once. */
  async regenerateKey(em: EntityManager, owner: User, id: number) {
    authorize(owner, 'project.newSecretKey');
    const project = await this.owned(em, owner, id);
    const key = this.newKey();
    project.secretKeyEnc = key.enc;
    project.secretKeyHash = key.hash;
    await em.flush();
    return { secretKey: key.key };
  }

  async tasks(em: EntityManager, owner: User, projectId: number, page: number, limit: number) {
    await this.owned(em, owner, projectId);
    const [tasks, total] = await em.findAndCount(
      Task,
      { projectId },
      { orderBy: { id: 'desc' }, limit, offset: (page - 1) * limit },
    );
    return { data: tasks.map(taskView), total };
  }

  async task(em: EntityManager, owner: User, projectId: number, taskId: number) {
    await this.owned(em, owner, projectId);
    const task = await em.findOne(Task, { id: taskId, projectId });
    if (!task) throw fail('RESOURCE_NOT_FOUND');
    return task;
  }

  /** A new resource; `idempotencyKey` makes a retry answer the first resource instead of a second one. */
  async createTask(
    em: EntityManager,
    owner: User,
    projectId: number,
    input: TaskInput,
    idempotencyKey?: string | null,
  ) {
    authorize(owner, 'resource.create');
    return inTransaction(em, this.deps.pubsub, async (tx, emit) => {
      await this.owned(tx, owner, projectId);
      return once(
        tx,
        { userId: owner.id, key: idempotencyKey, operation: 'createTask', request: { projectId, input } },
        async (id) => {
          const task = await tx.findOne(Task, { id, projectId });
          if (!task) throw fail('RESOURCE_NOT_FOUND');
          return task;
        },
        async () => {
          const task = this.addTask(tx, projectId, input);
          await tx.flush();
          emit(topics.projectTasks(projectId), this.event('CREATED', task));
          return { id: task.id, result: task };
        },
      );
    });
  }

  async deleteTask(em: EntityManager, owner: User, projectId: number, taskId: number) {
    authorize(owner, 'resource.delete');
    await inTransaction(em, this.deps.pubsub, async (tx, emit) => {
      const task = await this.task(tx, owner, projectId, taskId);
      // Its campaigns end with it: their unspent budget returns to the advertiser (same transaction).
      await this.deps.campaigns?.removeForTask(tx, emit, owner, task.id);
      tx.remove(task);
      await tx.flush();
      emit(topics.projectTasks(projectId), { action: 'DELETED', projectId, taskId, task: null } satisfies TaskEvent);
    });
  }

  /**
   * Checks a resource: channels and chats are verified when the system bot is an
   * administrator there; bots only by their own SDK event, so this re-reads the state.
   */
  async verifyTask(em: EntityManager, owner: User, projectId: number, taskId: number) {
    authorize(owner, 'resource.verify');
    const task = await this.task(em, owner, projectId, taskId);
    if (task.isVerifiedSource || (task.type !== 'CHANNEL' && task.type !== 'CHAT')) return task;
    const username = telegramUsername(task.url);
    if (!username) throw fail('RESOURCE_LINK_NOT_PUBLIC');
    const me = await this.deps.telegram.getMe();
    let admin = false;
    try {
      const member = await this.deps.telegram.getChatMember(`@${username}`, me.id);
      admin = member.status === 'administrator' || member.status === 'creator';
    } catch (err) {
      if (!(err instanceof TelegramApiError)) throw err;
    }
    if (admin) await this.markVerified(em, task);
    return task;
  }

  private async markVerified(em: EntityManager, task: Task) {
    await inTransaction(em, this.deps.pubsub, async (tx, emit) => {
      const managed = await tx.findOneOrFail(Task, { id: task.id });
      managed.isVerifiedSource = true;
      managed.verifiedAt = new Date();
      await tx.flush();
      task.isVerifiedSource = true;
      emit(topics.projectTasks(task.projectId), this.event('VERIFIED', managed));
    });
  }

  /** An integration event sent by the advertiser's bot or server with the project API key. */
  async sdkEvent(em: EntityManager, apiKey: string | undefined, event: { type: 'verification'; code: string }) {
    if (!apiKey) throw fail('MISSING_API_KEY');
    const project = await em.findOne(Project, { secretKeyHash: hashKey(apiKey.trim()) });
    if (!project) throw fail('INVALID_API_KEY');
    const code = event.code.trim().replace(new RegExp(`^${VERIFICATION_PREFIX}`), '');
    const task = await em.findOne(Task, { projectId: project.id, verificationCode: code });
    if (!task) throw fail('VERIFICATION_CODE_NOT_FOUND');
    if (task.type === 'CHANNEL' || task.type === 'CHAT') {
      throw fail('CHANNELS_AND_CHATS_ARE_VERIFIED');
    }
    if (!task.isVerifiedSource) await this.markVerified(em, task);
    return { taskId: task.id, isVerifiedSource: true };
  }

  /** Resolves a Telegram link to a title, a stored logo and a task type. */
  async suggest(
    user: User | null,
    url: string,
  ): Promise<{ title: string; logo: string | null; taskType: TaskType; url: string }> {
    authorize(user, 'resource.suggest');
    const link = normaliseTelegramLink(url);
    const username = telegramUsername(link);
    if (!username) throw fail('TELEGRAM_RESOURCE_UNKNOWN');
    const isBot = /bot$/i.test(username);
    try {
      const chat = await this.deps.telegram.getChat(`@${username}`);
      // Telegram keeps usernames ending in "bot" for bots: such a name is a bot whatever the answer says.
      const taskType: TaskType =
        isBot || chat.type === 'private' ? 'BOT' : chat.type === 'channel' ? 'CHANNEL' : 'CHAT';
      let logo: string | null = null;
      if (chat.photo) {
        try {
          const bytes = await this.deps.telegram.download(chat.photo.big_file_id);
          logo = (await this.deps.images.store(bytes, 'photo.jpg')).path;
        } catch (err) {
          this.deps.log.warn({ err, username }, 'could not store the Telegram photo');
        }
      }
      return { title: chat.title ?? chat.first_name ?? username, logo, taskType, url: `https://t.me/${username}` };
    } catch (err) {
      if (!(err instanceof TelegramApiError)) throw err;
      // Bots cannot be read with getChat; a bot username is still a bot.
      if (isBot) return { title: username, logo: null, taskType: 'BOT', url: `https://t.me/${username}` };
      throw fail('TELEGRAM_RESOURCE_UNKNOWN');
    }
  }

  private event(action: TaskEvent['action'], task: Task): TaskEvent {
    return { action, projectId: task.projectId, taskId: task.id, task: taskView(task) };
  }

  /** For `taskUpdated(projectId)`: only the owner may listen. */
  async assertOwner(em: EntityManager, owner: User, projectId: number) {
    await this.owned(em, owner, projectId);
  }
}
