import { bumpVersion, checkVersion } from '../../db/versions.ts';
import { staleVersion } from '../teams/activity.ts';
import { platformJson } from './platforms.responses.ts';
import { fail } from '../../failures.ts';
import { authorize } from '../../lib/access.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { decryptSecret, encryptSecret, hashKey, newApiKey } from '../../lib/secrets.ts';
import type { TelegramClient } from '../../lib/telegram.ts';
import type { OutboundPolicy } from '../../lib/outbound.ts';
import { type PubSub, topics } from '../../lib/pubsub.ts';
import { Category } from '../lookups/lookups.entity.ts';
import type { LookupsService, TierView } from '../lookups/lookups.service.ts';
import type { TaskType } from '../projects/project.entity.ts';
import { telegramUsername } from '../projects/projects.inputs.ts';
import type { User } from '../users/user.entity.ts';
import { Platform, PlatformReward, Service, ServiceAward } from './platform.entity.ts';
import type { CreatePlatformInput, ServicePatchInput, UpdatePlatformInput } from './platforms.inputs.ts';

/** The showcase's order of task types; a platform always shows all five. */
export const SERVICE_ORDER: TaskType[] = ['BOT', 'CHANNEL', 'CHAT', 'SMART_LINK', 'CUSTOM'];

export interface RewardView {
  id: number;
  title: string;
  logo: string;
  platformId: number;
}

export interface ServiceView {
  id: number | null;
  platformId: number;
  taskType: TaskType;
  awards: { id: number; platformRewardId: number; platformRewardTitle: string; value: number }[];
  shouldConfirmWithoutPayout: boolean;
  isExcluded: boolean;
  /** The lowest price of an action across tiers (micro-USD). */
  defaultPrice: bigint;
  reward: string | null;
  rewardIcon: string | null;
  tiers: TierView[];
}

export interface PlatformView {
  id: number;
  createdAt: string;
  title: string;
  logo: string;
  status: 'ACTIVE' | 'INACTIVE';
  isActive: boolean;
  categoryId: number;
  category: { id: number; title: string } | null;
  webappUrl: string;
  tgBotUrl: string;
  tgBotId: number | null;
  hasBotToken: boolean;
  rewardCallbackUrl: string | null;
  isDarkTheme: boolean;
  rewards: RewardView[];
  services: ServiceView[];
  /** What a change must name to apply (REST's ETag, GraphQL's expectedVersion). */
  version: number;
  secretKey?: string;
}

export class PlatformsService {
  constructor(
    private readonly deps: {
      secretsKey: Buffer;
      telegram: TelegramClient;
      lookups: LookupsService;
      log: Logger;
      pubsub: PubSub;
      outbound: OutboundPolicy;
    },
  ) {}

  private async owned(em: EntityManager, owner: User, id: number): Promise<Platform> {
    const platform = await em.findOne(Platform, { id, ownerId: owner.id });
    if (!platform) throw fail('PLATFORM_NOT_FOUND');
    return platform;
  }

  private async checkCategory(em: EntityManager, id: number) {
    if (!(await em.count(Category, { id }))) throw fail('APP_CATEGORY_MISSING');
  }

  async view(em: EntityManager, platform: Platform, opts: { full: boolean }): Promise<PlatformView> {
    const base: PlatformView = {
      id: platform.id,
      createdAt: platform.createdAt.toISOString(),
      title: platform.title,
      logo: platform.logo,
      status: platform.isActive ? 'ACTIVE' : 'INACTIVE',
      isActive: platform.isActive,
      categoryId: platform.categoryId,
      category: null,
      webappUrl: platform.webappUrl,
      tgBotUrl: platform.tgBotUrl,
      tgBotId: platform.tgBotId ?? null,
      hasBotToken: !!platform.botTokenEnc,
      rewardCallbackUrl: platform.rewardCallbackUrl ?? null,
      isDarkTheme: platform.isDarkTheme,
      version: platform.version,
      rewards: [],
      services: [],
    };
    if (!opts.full) return base;
    // One after another: inside a transaction they share one connection anyway.
    const category = await em.findOne(Category, { id: platform.categoryId });
    const rewards = await em.find(PlatformReward, { platformId: platform.id }, { orderBy: { id: 'asc' } });
    const services = await em.find(Service, { platformId: platform.id });
    const tiers = await this.deps.lookups.tierList(em);
    const awards = services.length
      ? await em.find(ServiceAward, { serviceId: { $in: services.map((s) => s.id) } }, { orderBy: { id: 'asc' } })
      : [];
    base.category = category ? { id: category.id, title: category.title } : null;
    base.rewards = rewards.map((r) => ({ id: r.id, title: r.title, logo: r.logo, platformId: r.platformId }));
    base.services = normaliseServices(platform.id, services, awards, rewards, tiers);
    base.secretKey = decryptSecret(this.deps.secretsKey, platform.secretKeyEnc);
    return base;
  }

  async list(em: EntityManager, owner: User, page: number, limit: number) {
    const [platforms, total] = await em.findAndCount(
      Platform,
      { ownerId: owner.id },
      { orderBy: { id: 'desc' }, limit, offset: (page - 1) * limit },
    );
    return { data: await Promise.all(platforms.map((p) => this.view(em, p, { full: false }))), total };
  }

  async get(em: EntityManager, owner: User, id: number) {
    return this.view(em, await this.owned(em, owner, id), { full: true });
  }

  /** A callback URL may not point at a private or local address (checked again at delivery). */
  private checkCallbackUrl(url: string | null | undefined) {
    const why = url ? this.deps.outbound.urlRefusal(url) : null;
    if (why) {
      throw fail('CALLBACK_URL_POINTS_TO_PRIVATE', { why });
    }
  }

  async create(em: EntityManager, owner: User, input: CreatePlatformInput): Promise<PlatformView> {
    authorize(owner, 'app.create');
    this.checkCallbackUrl(input.rewardCallbackUrl);
    await this.checkCategory(em, input.categoryId);
    const tgBotId = input.tgBotId ?? (await this.lookupBotId(input.tgBotUrl));
    return em.transactional(async (tx) => {
      const key = newApiKey('tgs');
      const platform = tx.create(Platform, {
        ownerId: owner.id,
        title: input.title,
        logo: input.logo,
        categoryId: input.categoryId,
        webappUrl: input.webappUrl,
        tgBotUrl: input.tgBotUrl,
        tgBotId,
        botTokenEnc: input.botToken ? encryptSecret(this.deps.secretsKey, input.botToken) : null,
        rewardCallbackUrl: input.rewardCallbackUrl,
        isDarkTheme: input.isDarkTheme,
        secretKeyEnc: encryptSecret(this.deps.secretsKey, key),
        secretKeyHash: hashKey(key),
      });
      await tx.flush();
      await this.applyRewardsAndServices(tx, platform, input);
      return this.view(tx, platform, { full: true });
    });
  }

  /** The edit screen's save: platform fields, awards and services together. */
  async updateComplex(
    em: EntityManager,
    owner: User,
    id: number,
    input: UpdatePlatformInput,
    /** The version the change was made on: another saved first, STALE_VERSION (412) with the app as it is. */
    expectedVersion?: number,
  ): Promise<PlatformView> {
    authorize(owner, 'app.update');
    checkVersion(expectedVersion);
    this.checkCallbackUrl(input.rewardCallbackUrl);
    await this.checkCategory(em, input.categoryId);
    const view = await em.transactional(async (tx) => {
      await this.bumpVersion(tx, owner, id, expectedVersion);
      const platform = await this.owned(tx, owner, id);
      if (input.tgBotUrl && input.tgBotUrl !== platform.tgBotUrl) {
        throw fail('APP_LINK_FIXED');
      }
      platform.title = input.title;
      platform.logo = input.logo;
      platform.categoryId = input.categoryId;
      platform.webappUrl = input.webappUrl;
      platform.isDarkTheme = input.isDarkTheme;
      platform.rewardCallbackUrl = input.rewardCallbackUrl;
      if (input.tgBotId) platform.tgBotId = input.tgBotId;
      if (input.botToken) platform.botTokenEnc = encryptSecret(this.deps.secretsKey, input.botToken);
      await tx.flush();
      await this.applyRewardsAndServices(tx, platform, input);
      return this.view(tx, platform, { full: true });
    });
    await this.showcaseChanged(id);
    return view;
  }

  /** A person's change of the app bumps its version; STALE_VERSION with the app as it is when another saved first. */
  private async bumpVersion(tx: EntityManager, owner: User, id: number, expectedVersion: number | undefined) {
    const bumped = await bumpVersion(tx, 'platforms', id, owner.id, expectedVersion);
    if (bumped.ok || !('stale' in bumped)) return;
    const current = platformJson(await this.view(tx, await this.owned(tx, owner, id), { full: true }));
    throw await staleVersion(tx, owner.id, 'app', id, bumped.stale, current);
  }

  /** After a committed change of what the app's showcase shows (its row, services, awards). */
  private showcaseChanged(platformId: number) {
    return this.deps.pubsub.publish(topics.showcaseChanged(), { platformId });
  }

  /**
   * Awards are replaced by the given list (kept by id, renamed in place so every service
   * follows, created without id, deleted when missing — which removes them from every
   * service); each given service is upserted by task type with its awards replaced.
   */
  private async applyRewardsAndServices(
    tx: EntityManager,
    platform: Platform,
    input: { rewards?: CreatePlatformInput['rewards']; services: CreatePlatformInput['services'] },
  ) {
    const existing = await tx.find(PlatformReward, { platformId: platform.id });
    const rewards = input.rewards ?? existing.map((r) => ({ id: r.id, title: r.title, logo: r.logo }));
    const byId = new Map(existing.map((r) => [r.id, r]));
    const keep = new Set<number>();
    for (const r of rewards) {
      if (!r.id) continue;
      if (!byId.has(r.id)) throw fail('AWARD_NOT_FOUND');
      keep.add(r.id);
    }
    const removed = existing.filter((r) => !keep.has(r.id)).map((r) => r.id);
    if (removed.length) {
      await tx.nativeDelete(ServiceAward, { platformRewardId: { $in: removed } });
      await tx.nativeDelete(PlatformReward, { id: { $in: removed } });
    }
    // Temporary titles first, so renames that swap two names do not trip the unique index.
    const kept = rewards.filter((r) => r.id);
    if (kept.length) {
      await tx.execute("update platform_rewards set title = concat('~renaming~', id) where id in (?)", [
        kept.map((r) => r.id),
      ]);
    }
    const rewardIdByTitle = new Map<string, number>();
    for (const r of rewards) {
      if (r.id) {
        await tx.nativeUpdate(PlatformReward, { id: r.id }, { title: r.title, logo: r.logo });
        rewardIdByTitle.set(r.title.toLowerCase(), r.id);
      } else {
        const created = tx.create(PlatformReward, { platformId: platform.id, title: r.title, logo: r.logo });
        await tx.flush();
        rewardIdByTitle.set(r.title.toLowerCase(), created.id);
      }
    }
    const validIds = new Set(rewardIdByTitle.values());
    const services = await tx.find(Service, { platformId: platform.id });
    for (const s of input.services) {
      let service = services.find((x) => x.taskType === s.taskType);
      if (!service) {
        service = tx.create(Service, { platformId: platform.id, taskType: s.taskType });
        services.push(service);
      }
      service.isExcluded = s.isExcluded;
      service.shouldConfirmWithoutPayout = s.taskType === 'SMART_LINK' ? s.shouldConfirmWithoutPayout : false;
      await tx.flush();
      await tx.nativeDelete(ServiceAward, { serviceId: service.id });
      for (const a of s.awards) {
        const rewardId =
          a.platformRewardId && validIds.has(a.platformRewardId)
            ? a.platformRewardId
            : a.platformRewardTitle
              ? rewardIdByTitle.get(a.platformRewardTitle.trim().toLowerCase())
              : undefined;
        if (!rewardId) throw fail('SERVICE_AWARD_MISSING');
        tx.create(ServiceAward, { serviceId: service.id, platformRewardId: rewardId, value: a.value });
      }
      await tx.flush();
    }
  }

  async patchService(
    em: EntityManager,
    owner: User,
    platformId: number,
    serviceId: number,
    input: ServicePatchInput,
    /** The app's version the change was made on (a service is part of its app's edit screen). */
    expectedVersion?: number,
  ) {
    authorize(owner, 'app.updateService');
    checkVersion(expectedVersion);
    const view = await em.transactional(async (tx) => {
      await this.bumpVersion(tx, owner, platformId, expectedVersion);
      const platform = await this.owned(tx, owner, platformId);
      const service = await tx.findOne(Service, { id: serviceId, platformId });
      if (!service) throw fail('SERVICE_NOT_FOUND');
      if (input.isExcluded !== undefined) service.isExcluded = input.isExcluded;
      if (input.shouldConfirmWithoutPayout !== undefined) {
        if (service.taskType !== 'SMART_LINK' && input.shouldConfirmWithoutPayout) {
          throw fail('ALWAYS_AWARD_NEEDS_SMART_LINK');
        }
        service.shouldConfirmWithoutPayout = input.shouldConfirmWithoutPayout;
      }
      if (input.awards) {
        const rewards = await tx.find(PlatformReward, { platformId });
        await tx.nativeDelete(ServiceAward, { serviceId });
        for (const a of input.awards) {
          const reward =
            rewards.find((r) => r.id === a.platformRewardId) ??
            rewards.find((r) => r.title.toLowerCase() === a.platformRewardTitle?.trim().toLowerCase());
          if (!reward) throw fail('AWARD_MISSING');
          tx.create(ServiceAward, { serviceId, platformRewardId: reward.id, value: a.value });
        }
      }
      await tx.flush();
      const view = await this.view(tx, platform, { full: true });
      return view.services.find((s) => s.id === serviceId)!;
    });
    await this.showcaseChanged(platformId);
    return view;
  }

  async regenerateKey(em: EntityManager, owner: User, id: number) {
    authorize(owner, 'app.newSecretKey');
    const platform = await this.owned(em, owner, id);
    const key = newApiKey('tgs');
    platform.secretKeyEnc = encryptSecret(this.deps.secretsKey, key);
    platform.secretKeyHash = hashKey(key);
    await em.flush();
    return { secretKey: key };
  }

  /** Throws not found unless the app is the owner's (for statistics and live events). */
  async assertOwner(em: EntityManager, owner: User, id: number) {
    await this.owned(em, owner, id);
  }

  /** Services across the owner's apps, optionally of one app or one task type. */
  async services(em: EntityManager, owner: User, filter: { platformId?: number; taskType?: TaskType }) {
    const platforms = await em.find(Platform, {
      ownerId: owner.id,
      ...(filter.platformId ? { id: filter.platformId } : {}),
    });
    if (filter.platformId && !platforms.length) throw fail('PLATFORM_NOT_FOUND');
    const views = await Promise.all(platforms.map((p) => this.view(em, p, { full: true })));
    return views.flatMap((v) => v.services.filter((s) => !filter.taskType || s.taskType === filter.taskType));
  }

  /** The bot's numeric id from its link, when a bot token is configured; otherwise entered by hand. */
  private async lookupBotId(tgBotUrl: string): Promise<number | null> {
    const username = telegramUsername(tgBotUrl);
    if (!username || !this.deps.telegram.configured) return null;
    try {
      return (await this.deps.telegram.getChat(`@${username}`)).id;
    } catch (err) {
      this.deps.log.info({ err, username }, 'bot id not found through the Bot API');
      return null;
    }
  }
}

/** Five services in showcase order, the missing ones added (id null), each with its tiers. */
export function normaliseServices(
  platformId: number,
  services: Service[],
  awards: ServiceAward[],
  rewards: PlatformReward[],
  tiers: TierView[],
): ServiceView[] {
  const rewardById = new Map(rewards.map((r) => [r.id, r]));
  const sortedTiers = [...tiers].sort((a, b) => a.level - b.level);
  const floor = sortedTiers.reduce<bigint | null>((m, t) => (m === null || t.value < m ? t.value : m), null) ?? 0n;
  return SERVICE_ORDER.map((taskType) => {
    const s = services.find((x) => x.taskType === taskType);
    const own = s ? awards.filter((a) => a.serviceId === s.id) : [];
    const views = own.map((a) => ({
      id: a.id,
      platformRewardId: a.platformRewardId,
      platformRewardTitle: rewardById.get(a.platformRewardId)?.title ?? '',
      value: a.value,
    }));
    const first = own[0] ? rewardById.get(own[0].platformRewardId) : undefined;
    return {
      id: s?.id ?? null,
      platformId,
      taskType,
      awards: views,
      shouldConfirmWithoutPayout: s?.shouldConfirmWithoutPayout ?? false,
      isExcluded: s?.isExcluded ?? false,
      defaultPrice: floor,
      reward: first?.title ?? null,
      rewardIcon: first?.logo ?? null,
      tiers: sortedTiers,
    };
  });
}
