/**
 * The benches' world, made as a user would make it (setup, not timed): funded advertisers,
 * publishers and a moderator inserted straight in SQL; projects with BOT and CUSTOM resources and
 * funded, approved campaigns, and apps with a bot id, over REST; clicks made by synthetic players
 * through the public showcase start endpoint (initData signed with the DEV test key). Used by
 * bench:conversions and bench:soak.
 */
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import { Secret, TOTP } from 'otpauth';
import { openDatabase } from '../server/database.ts';
import { TIERS } from '../server/demo/seed.ts';
import { DEV_TEST_PRIVATE_KEY, playerInitData } from '../server/lib/init-data.ts';
import { MemoryPubSub } from '../server/lib/pubsub.ts';
import { encryptSecret } from '../server/lib/secrets.ts';
import { Ledger } from '../server/modules/ledger/ledger.service.ts';
import { clickCodeFromLink } from '../server/modules/showcase/task-link.ts';
import { api, parallel } from './common.ts';

export const USD = 1_000_000n;
export const PASSWORD = 'bench-password-1';

/** How many advertisers, campaigns and publishers (apps) a world has. */
export interface WorldShape {
  advertisers: number;
  campaigns: number;
  publishers: number;
}

export interface Click {
  code: string;
  key: string;
}

export type Login = (email: string) => Promise<string>;

/** Signs in over REST with the benches' password; answers the access token. */
export const loginAt =
  (base: string): Login =>
  async (email) =>
    (await api(base, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD } })).accessToken as string;

/**
 * The benches' staff sign in as production asks (STAFF_SECOND_FACTOR=required): with an
 * authenticator app, whose key is this and whose codes the bench computes.
 */
export const STAFF_TOTP_KEY = 'BENCHSTAFFTOTPKEYBENCHSTAFFTOTP2';

/** Gives `userId` a confirmed authenticator app with STAFF_TOTP_KEY (sealed with the instance's SECRETS_KEY). */
export async function giveAuthenticator(em: EntityManager, userId: number, secretsKeyHex: string): Promise<void> {
  await em.execute(
    `insert into second_factors (user_id, kind, name, secret, confirmed_at) values (?, 'TOTP', 'Bench', ?, now())`,
    [userId, encryptSecret(Buffer.from(secretsKeyHex, 'hex'), STAFF_TOTP_KEY)],
  );
}

/** Signs a staff user in with the password and the authenticator's current code. */
export async function staffLogin(base: string, email: string): Promise<string> {
  const code = new TOTP({ secret: Secret.fromBase32(STAFF_TOTP_KEY), digits: 6, period: 30 }).generate();
  const body = { email, password: PASSWORD, secondFactorCode: code };
  return (await api(base, 'POST', '/v1/auth/login', { body })).accessToken as string;
}

const logo = 'https://bench.example/logo.png';

/** The bench's advertisers (funded), publishers and moderator, straight in SQL; answers a category id. */
export async function seedUsers(databaseUrl: string, shape: WorldShape): Promise<number> {
  const { advertisers: ADVERTISERS, publishers: PUBLISHERS } = shape;
  const orm = await openDatabase(databaseUrl, { pool: { min: 0, max: 4 } });
  const advertiserIds: number[] = [];
  const publisherIds: number[] = [];
  let categoryId: number;
  try {
    const em = orm.em.fork() as EntityManager;
    const hash = await argon2.hash(PASSWORD);
    const users = await em.execute<{ id: number; default_role: string }[]>(
      `insert into users (name, email, password_hash, default_role)
       select 'Bench advertiser ' || g, 'bench.adv.' || g || '@example.com', ?, 'ADVERTISER' from generate_series(1, ?) g
       union all
       select 'Bench publisher ' || g, 'bench.pub.' || g || '@example.com', ?, 'PUBLISHER' from generate_series(1, ?) g
       returning id, default_role`,
      [hash, ADVERTISERS, hash, PUBLISHERS],
    );
    for (const u of users) (u.default_role === 'ADVERTISER' ? advertiserIds : publisherIds).push(u.id);
    const ledger = new Ledger(new MemoryPubSub());
    for (const userId of advertiserIds) {
      await ledger.transferNow(orm.em.fork() as EntityManager, {
        key: `bench:top-up:${userId}`,
        code: 'TOP_UP',
        debit: { kind: 'DEPOSITS' },
        credit: { kind: 'ADVERTISER', userId },
        amount: 1_000_000n * USD,
      });
    }
    await em.execute(
      `insert into users (name, email, password_hash, default_role, is_moderator)
       values ('Bench moderator', 'bench.moderator@example.com', ?, 'ADVERTISER', true)`,
      [hash],
    );
    [{ id: categoryId }] = await em.execute<{ id: number }[]>('select id from categories order by id limit 1');
  } finally {
    await orm.close();
  }
  return categoryId;
}

/** Projects with BOT and CUSTOM resources, one funded campaign per resource (approved by the bench's moderator). */
export async function createCampaigns(
  base: string,
  login: Login,
  { shape, categoryId, clicksNeeded }: { shape: WorldShape; categoryId: number; clicksNeeded: number },
) {
  const { advertisers: ADVERTISERS, campaigns: CAMPAIGNS } = shape;
  const moderatorToken = login('bench.moderator@example.com');
  const perAdvertiser = Array.from(
    { length: ADVERTISERS },
    (_, i) => Math.floor(CAMPAIGNS / ADVERTISERS) + (i < CAMPAIGNS % ADVERTISERS ? 1 : 0),
  );
  // Enough budget for every click at the highest price (premium extra included), twice over.
  const budget = Math.max(10, Math.ceil(((clicksNeeded / CAMPAIGNS) * 0.2 * 2) / 10) * 10);
  const campaignKeys: { id: number; key: string }[] = [];
  await parallel(perAdvertiser, 4, async (count, a) => {
    const token = await login(`bench.adv.${a + 1}@example.com`);
    for (let offset = 0; offset < count; offset += 50) {
      const tasks = Array.from({ length: Math.min(50, count - offset) }, (_, j) => {
        const n = offset + j;
        return n % 2 === 0
          ? {
              type: 'BOT',
              title: `Bench bot ${a + 1}.${n}`,
              url: `https://t.me/bench_${a + 1}_${n}_bot`,
              logo,
              isMiniApp: n % 4 === 0,
            }
          : { type: 'CUSTOM', title: `Bench site ${a + 1}.${n}`, url: `https://bench.example/${a + 1}/${n}`, logo };
      });
      const project = await api(base, 'POST', '/v1/projects', {
        token,
        body: { title: `Bench project ${a + 1}.${offset / 50}`, categoryId, tasks },
      });
      if (!project.secretKey) throw new Error('POST /v1/projects answered without secretKey');
      for (const task of project.tasks as { id: number }[]) {
        const campaign = await api(base, 'POST', `/v1/projects/${project.id}/tasks/${task.id}/campaigns`, {
          token,
          body: { name: `Bench campaign ${task.id}`, budget },
        });
        // An advertiser's first campaign waits for a moderator: the bench's moderator approves it.
        if (campaign.status === 'MODERATION') {
          for (const action of ['claim', 'approve']) {
            await api(base, 'PATCH', `/v1/moderation/campaigns/${campaign.id}/${action}`, {
              token: await moderatorToken,
              body: {},
            });
          }
          campaign.status = (
            await api(base, 'GET', `/v1/projects/${project.id}/campaigns/${campaign.id}`, { token })
          ).status;
        }
        if (campaign.status !== 'ACTIVE') {
          throw new Error(`campaign ${campaign.id} is ${campaign.status} after funding, expected ACTIVE`);
        }
        campaignKeys.push({ id: campaign.id, key: project.secretKey });
      }
    }
  });

  return { campaignKeys, budget };
}

/** Apps with a bot id, BOT and CUSTOM services on. */
export async function createApps(base: string, login: Login, PUBLISHERS: number, categoryId: number) {
  const apps: { id: number; botId: number }[] = [];
  await parallel(
    Array.from({ length: PUBLISHERS }, (_, p) => p),
    4,
    async (p) => {
      const token = await login(`bench.pub.${p + 1}@example.com`);
      const botId = 8_100_000_000 + p;
      const platform = await api(base, 'POST', '/v1/platforms', {
        token,
        body: {
          title: `Bench app ${p + 1}`,
          logo,
          categoryId,
          webappUrl: `https://bench.example/app/${p + 1}`,
          tgBotUrl: `https://t.me/bench_app_${p + 1}_bot`,
          tgBotId: botId,
          rewards: [{ title: 'Coins', logo }],
          services: ['BOT', 'CUSTOM'].map((taskType) => ({
            taskType,
            awards: [{ platformRewardTitle: 'Coins', value: 100 }],
          })),
        },
      });
      apps.push({ id: platform.id, botId });
    },
  );
  return apps;
}

/** One synthetic player per click, through the public start endpoint. */
export async function startClicks(
  base: string,
  {
    apps,
    campaignKeys,
    clicksNeeded,
  }: { apps: { id: number; botId: number }[]; campaignKeys: { id: number; key: string }[]; clicksNeeded: number },
): Promise<Click[]> {
  const t1 = performance.now();
  const countries = [...TIERS.flatMap((t) => t.countries), 'CL', 'NZ'];
  const clicks: Click[] = [];
  const playerBase = 7_000_000_000 + randomInt(1_000_000) * 1_000;
  await parallel(
    Array.from({ length: clicksNeeded }, (_, i) => i),
    16,
    async (i) => {
      const app = apps[i % apps.length];
      const campaign = campaignKeys[randomInt(campaignKeys.length)];
      const initData = playerInitData(
        { id: playerBase + i, first_name: 'Bench', language_code: 'en' },
        { botId: app.botId, privateKeyHex: DEV_TEST_PRIVATE_KEY },
      );
      const started = await api(base, 'POST', `/v1/showcase/platforms/${app.id}/tasks/${campaign.id}/start`, {
        headers: { authorization: `tma ${initData}`, 'x-country': countries[i % countries.length] },
      });
      const code = clickCodeFromLink(started.link);
      if (!code) throw new Error(`no click code in the start answer ${JSON.stringify(started)}`);
      clicks.push({ code, key: campaign.key });
      if ((i + 1) % 5000 === 0) console.log(`  ${i + 1} / ${clicksNeeded} clicks`);
    },
  );
  const s = (performance.now() - t1) / 1000;
  console.log(
    `  ${clicks.length} clicks through the start endpoint in ${s.toFixed(1)} s (${(clicks.length / s).toFixed(0)}/s)`,
  );
  return clicks;
}
