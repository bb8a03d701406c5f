import { Address } from '@ton/core';
import { actedByOperator } from '../lib/step-up.ts';
import { friendly } from '../modules/payouts/policies/address-refusals.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { parseMoney } from '../lib/money.ts';
import { Campaign } from '../modules/campaigns/campaign.entity.ts';
import type { NewReport } from '../modules/moderation/reports.service.ts';
import { Payment } from '../modules/payments/payment.entity.ts';
import { SandboxProvider } from '../modules/payments/providers/sandbox.ts';
import { Platform } from '../modules/platforms/platform.entity.ts';
import { Project } from '../modules/projects/project.entity.ts';
import { RegistrationRequest } from '../modules/auth/registration-request.entity.ts';
import { Category, Tier, TierPrice } from '../modules/lookups/lookups.entity.ts';
import { User } from '../modules/users/user.entity.ts';
import type { Services } from '../services.ts';

export const CATEGORIES = [
  'Games',
  'Finance',
  'Crypto',
  'Education',
  'Entertainment',
  'News',
  'Shopping',
  'Social',
  'Tools',
  'Lifestyle',
  'Sports',
  'Music',
];

// Price per action by country tier; 0.05 USD is the floor the landing page promises.
export const TIERS: { level: number; value: string; countries: string[] }[] = [
  {
    level: 1,
    value: '0.15',
    countries: ['US', 'GB', 'CA', 'AU', 'DE', 'CH', 'NO', 'SE', 'DK', 'NL', 'AE', 'SG', 'JP'],
  },
  {
    level: 2,
    value: '0.10',
    countries: ['FR', 'IT', 'ES', 'PL', 'CZ', 'IL', 'KR', 'SA', 'PT', 'AT', 'BE', 'FI', 'IE'],
  },
  {
    level: 3,
    value: '0.05',
    countries: ['RU', 'UA', 'KZ', 'UZ', 'BY', 'TR', 'BR', 'IN', 'ID', 'VN', 'NG', 'EG', 'IR', 'MX', 'AR', 'PH'],
  },
];

/** Reference data every installation needs; idempotent. */
export async function seedBase(em: EntityManager): Promise<void> {
  if ((await em.count(Category)) === 0) {
    for (const title of CATEGORIES) em.create(Category, { title });
  }
  if ((await em.count(Tier)) === 0) {
    for (const t of TIERS) {
      em.create(Tier, { level: t.level, value: parseMoney(t.value) });
      for (const countryId of t.countries) {
        em.create(TierPrice, { tierLevel: t.level, countryId, value: parseMoney(t.value) });
      }
    }
  }
  await em.flush();
}

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_USERS = [
  {
    email: 'advertiser@demo.local',
    name: 'Alex Advertiser',
    defaultRole: 'ADVERTISER' as const,
    isExchangeReady: true,
  },
  { email: 'publisher@demo.local', name: 'Pat Publisher', defaultRole: 'PUBLISHER' as const, isExchangeReady: true },
  {
    email: 'moderator@demo.local',
    name: 'Morgan Moderator',
    defaultRole: 'ADVERTISER' as const,
    isModerator: true,
    isFinance: true,
    // Staff administrator too: the Staff page grants and takes the roles.
    isAdmin: true,
  },
  // A second moderator, so the shared queue can be tried by two people at once.
  { email: 'moderator2@demo.local', name: 'Sam Moderator', defaultRole: 'ADVERTISER' as const, isModerator: true },
  // A new advertiser whose first campaign waits for review.
  { email: 'newcomer@demo.local', name: 'Nina Newcomer', defaultRole: 'ADVERTISER' as const },
  // A publisher with a good app and a poor one, both with enough data for a quality score.
  { email: 'studio@demo.local', name: 'Tia Studio', defaultRole: 'PUBLISHER' as const },
  // An agency's media buyer: Standard in the demo advertiser's and the newcomer's accounts, Billing in the studio's.
  { email: 'agency@demo.local', name: 'Ada Agency', defaultRole: 'ADVERTISER' as const },
];

/** Demo accounts and history so every screen has something to show; idempotent. */
export async function seedDemo(em: EntityManager, services: Services, log: Logger): Promise<void> {
  if (await em.count(User, { email: DEMO_USERS[0].email })) return;
  const passwordHash = await services.auth.hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) em.create(User, { ...u, passwordHash });
  const requests = [
    {
      name: 'Daria Games',
      email: 'daria@arcade-mini.app',
      telegram: 'daria_games',
      role: 'PUBLISHER' as const,
      company: 'Arcade Mini',
      comment: 'We run three clicker games with 40k daily players.',
    },
    {
      name: 'Ivan Finance',
      email: 'ivan@coinwise.io',
      telegram: 'ivan_cw',
      role: 'ADVERTISER' as const,
      company: 'CoinWise',
      comment: 'Looking for subscribers to our channel in tier 1 countries.',
    },
  ];
  for (const r of requests) em.create(RegistrationRequest, { ...r, passwordHash, source: 'FORM' });
  await em.flush();
  await seedDemoMoney(em, services);
  await seedDemoProjectsAndApps(em, services);
  await seedDemoExchange(em, services);
  await seedDemoModeration(em, services);
  await seedDemoQuality(em, services);
  await seedDemoTeams(em);
  log.info({ users: DEMO_USERS.map((u) => u.email), password: DEMO_PASSWORD }, 'demo accounts created');
}

/** The agency's accounts: Standard with the advertiser and the newcomer, Billing with the studio. */
async function seedDemoTeams(em: EntityManager) {
  await em.execute(
    `insert into account_members (account_id, user_id, access_level)
     select a.id, m.id, v.level from (values ('advertiser@demo.local', 'STANDARD'), ('newcomer@demo.local', 'STANDARD'),
                                            ('studio@demo.local', 'BILLING')) v(email, level)
       join users a on a.email = v.email join users m on m.email = 'agency@demo.local'`,
  );
}

export const DEMO_WALLET = 'UQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p9dz';

/** Balances and history through the real ledger and payments code, so the books stay exact. */
async function seedDemoMoney(em: EntityManager, services: Services) {
  const [advertiser, publisher, moderator, , newcomer] = await Promise.all(
    DEMO_USERS.map((u) => em.findOneOrFail(User, { email: u.email })),
  );
  const blank = {
    provider: 'sandbox',
    providerInvoiceId: null,
    payUrl: null,
    walletAddress: null,
    txHash: null,
    failureReason: null,
    transferId: null,
    processedById: null,
  };
  for (const [amount, status] of [
    ['300', 'paid'],
    ['50', 'paid'],
    ['10', 'failed'],
    ['100', null],
  ] as const) {
    const payment = em.create(Payment, { ...blank, userId: advertiser.id, kind: 'TOP_UP', amount: parseMoney(amount) });
    await em.flush();
    if (status) await services.payments.settleTopUp(em.fork(), payment.id, status, `demo-${payment.id}`);
    else if (services.payments.provider instanceof SandboxProvider) {
      // The one waiting for payment has its checkout (on whatever address the browser is at), to continue or cancel.
      payment.providerInvoiceId = `sandbox-${payment.id}`;
      payment.payUrl = `/pay/sandbox/${payment.id}?token=${services.payments.provider.pageToken(payment.id)}`;
      await em.flush();
    }
  }
  const newcomerTopUp = em.create(Payment, { ...blank, userId: newcomer.id, kind: 'TOP_UP', amount: parseMoney('80') });
  await em.flush();
  await services.payments.settleTopUp(em.fork(), newcomerTopUp.id, 'paid', `demo-${newcomerTopUp.id}`);
  await services.ledger.run(em.fork(), async (tx, emit) => {
    await services.ledger.transfer(tx, emit, {
      key: 'demo:publisher-earnings',
      code: 'ADJUSTMENT',
      debit: { kind: 'DEPOSITS' },
      credit: { kind: 'PUBLISHER', userId: publisher.id },
      amount: parseMoney('120'),
      reference: 'demo earnings',
    });
    await services.ledger.transfer(tx, emit, {
      key: 'demo:publisher-on-hold',
      code: 'ADJUSTMENT',
      debit: { kind: 'DEPOSITS' },
      credit: { kind: 'PUBLISHER', userId: publisher.id },
      amount: parseMoney('35.5'),
      pending: true,
      reference: 'demo earnings on hold',
    });
  });
  // In the form the payout network expects (testnet addresses start 0Q).
  const wallet = friendly(Address.parse(DEMO_WALLET), services.payouts.network);
  const done = await services.withdrawals.request(em.fork(), actedByOperator(publisher), parseMoney('50'), wallet);
  // Approved: the payout job pays it on the sandbox chain at start. The auto-approve rule may
  // have approved it already (PAYOUT_AUTO_APPROVE_MAX with no minimum age): then it stays so.
  if (done.payoutStage === 'REQUESTED')
    await services.withdrawals.approve(em.fork(), actedByOperator(moderator), [done.id]);
  // Saved on the Withdraw page: paid at once the job has paid the seeded withdrawal, so a new
  // withdrawal there is not held (a new address waits PAYOUT_NEW_ADDRESS_HOLD_HOURS).
  await services.withdrawals.addresses.add(em.fork(), actedByOperator(publisher), {
    address: wallet,
    label: 'Demo wallet',
  });
}

/** A simple square logo with initials, stored like an upload. */
function demoLogo(services: Services, initials: string, color: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="28" fill="${color}"/><text x="64" y="78" font-family="Arial, sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return services.images.store(Buffer.from(svg), `${initials}.svg`).then((r) => r.path);
}

async function seedDemoProjectsAndApps(em: EntityManager, services: Services) {
  const advertiser = await em.findOneOrFail(User, { email: DEMO_USERS[0].email });
  const publisher = await em.findOneOrFail(User, { email: DEMO_USERS[1].email });
  const category = async (title: string) => (await em.findOneOrFail(Category, { title })).id;
  const crypto = await services.projects.create(em.fork(), advertiser, {
    title: 'Crypto Daily',
    categoryId: await category('Crypto'),
    tasks: [
      {
        type: 'CHANNEL',
        title: 'Crypto Daily News',
        url: 'https://t.me/crypto_daily_news',
        logo: await demoLogo(services, 'CD', '#2563eb'),
        isMiniApp: false,
        inviteLink: null,
      },
      {
        type: 'CHAT',
        title: 'Crypto Traders Chat',
        url: 'https://t.me/crypto_traders_chat',
        logo: await demoLogo(services, 'TC', '#0891b2'),
        isMiniApp: false,
        inviteLink: null,
      },
    ],
  });
  const farm = await services.projects.create(em.fork(), advertiser, {
    title: 'Farm Hero',
    categoryId: await category('Games'),
    tasks: [
      {
        type: 'BOT',
        title: 'Farm Hero bot',
        url: 'https://t.me/farm_hero_bot',
        logo: await demoLogo(services, 'FH', '#16a34a'),
        isMiniApp: true,
        inviteLink: null,
      },
      {
        type: 'CUSTOM',
        title: 'Farm Hero website',
        url: 'https://farmhero.example/play',
        logo: await demoLogo(services, 'FW', '#65a30d'),
        isMiniApp: false,
        inviteLink: null,
      },
    ],
  });
  await seedDemoApp(em, services, publisher, category);
  // Running campaigns with budget, so the showcase and the simulator have tasks to do.
  const budgets = ['40', '30', '60', '20'];
  const tasks = [...crypto.tasks, ...farm.tasks];
  const moderator = await em.findOneOrFail(User, { email: DEMO_USERS[2].email });
  for (const [i, task] of tasks.entries()) {
    const campaign = await services.campaigns.create(em.fork(), advertiser, task.projectId, task.id, {
      name: `${task.title} — launch`,
      dailyCap: i === 0 ? 500 : null,
      budget: parseMoney(budgets[i] ?? '20'),
      idempotencyKey: `demo-campaign-${task.id}`,
    });
    // The advertiser's first campaign went through review; the next ones start at once.
    if (campaign.status === 'MODERATION') {
      await services.campaignReview.act(em.fork(), moderator, campaign.id, 'claim');
      await services.campaignReview.act(em.fork(), moderator, campaign.id, 'approve');
    }
  }
}

/** The demo publisher's app, with its rewards and the task types it shows. */
async function seedDemoApp(
  em: EntityManager,
  services: Services,
  publisher: User,
  category: (title: string) => Promise<number>,
) {
  const coins = await demoLogo(services, '¢', '#f59e0b');
  const gems = await demoLogo(services, '◆', '#a855f7');
  await services.platforms.create(em.fork(), publisher, {
    title: 'Clicker Quest',
    logo: await demoLogo(services, 'CQ', '#7c3aed'),
    categoryId: await category('Games'),
    webappUrl: 'https://clicker-quest.example/app',
    tgBotUrl: 'https://t.me/clicker_quest_bot/play',
    isDarkTheme: true,
    rewards: [
      { title: 'Coins', logo: coins },
      { title: 'Gems', logo: gems },
    ],
    services: [
      {
        taskType: 'BOT',
        awards: [{ platformRewardTitle: 'Coins', value: 500 }],
        isExcluded: false,
        shouldConfirmWithoutPayout: false,
      },
      {
        taskType: 'CHANNEL',
        awards: [{ platformRewardTitle: 'Coins', value: 300 }],
        isExcluded: false,
        shouldConfirmWithoutPayout: false,
      },
      {
        taskType: 'CHAT',
        awards: [{ platformRewardTitle: 'Gems', value: 2 }],
        isExcluded: false,
        shouldConfirmWithoutPayout: false,
      },
      {
        taskType: 'SMART_LINK',
        awards: [{ platformRewardTitle: 'Coins', value: 100 }],
        isExcluded: false,
        shouldConfirmWithoutPayout: true,
      },
    ],
    // The demo players are signed with the repository's test key for this bot id (npm run simulate).
    tgBotId: DEMO_BOT_ID,
    botToken: null,
    rewardCallbackUrl: null,
  });
}

/** Telegram bot id of the demo app (initData of demo players names it). */
export const DEMO_BOT_ID = 7_000_000_001;
/** Telegram bot id of the advertiser's demo app (the exchange's other side). */
export const DEMO_SWAP_BOT_ID = 7_000_000_002;
/** Telegram bot ids of the studio's demo apps, Tap Rush and Coin Storm (`npm run simulate -- --poor`). */
export const DEMO_STUDIO_BOT_IDS = [7_000_000_003, 7_000_000_004] as const;

/**
 * The exchange worth looking at: both demo users exchange-ready with an app and a project, one
 * running swap with deliveries made through the real conversion function, one pending offer.
 */
async function seedDemoExchange(em: EntityManager, services: Services) {
  const advertiser = await em.findOneOrFail(User, { email: DEMO_USERS[0].email });
  const publisher = await em.findOneOrFail(User, { email: DEMO_USERS[1].email });
  const category = async (title: string) => (await em.findOneOrFail(Category, { title })).id;
  const farmApp = await services.platforms.create(em.fork(), advertiser, {
    title: 'Farm Hero Play',
    logo: await demoLogo(services, 'FP', '#15803d'),
    categoryId: await category('Games'),
    webappUrl: 'https://farmhero.example/app',
    tgBotUrl: 'https://t.me/farm_hero_bot/play',
    isDarkTheme: false,
    rewards: [{ title: 'Seeds', logo: await demoLogo(services, 'S', '#84cc16') }],
    services: (['BOT', 'CHANNEL', 'CHAT', 'SMART_LINK'] as const).map((taskType) => ({
      taskType,
      awards: [{ platformRewardTitle: 'Seeds', value: taskType === 'BOT' ? 50 : 20 }],
      isExcluded: false,
      shouldConfirmWithoutPayout: false,
    })),
    tgBotId: DEMO_SWAP_BOT_ID,
    botToken: null,
    rewardCallbackUrl: null,
  });
  const clickerProject = await services.projects.create(em.fork(), publisher, {
    title: 'Clicker Quest',
    categoryId: await category('Games'),
    tasks: [
      {
        type: 'BOT',
        title: 'Clicker Quest bot',
        url: 'https://t.me/clicker_quest_bot',
        logo: await demoLogo(services, 'CQ', '#7c3aed'),
        isMiniApp: true,
        inviteLink: null,
      },
    ],
  });
  for (const user of [advertiser, publisher]) {
    await services.users.updateSelf(em.fork(), user, { isExchangeReady: true });
  }
  const [clickerApp] = (await services.platforms.list(em.fork(), publisher, 1, 10)).data;
  // Its own resource, so the demo's paid campaigns keep running in the publisher's app.
  const farmProject = await services.projects.create(em.fork(), advertiser, {
    title: 'Farm Hero Club',
    categoryId: await category('Games'),
    tasks: [
      {
        type: 'BOT',
        title: 'Farm Hero Club bot',
        url: 'https://t.me/farm_hero_club_bot',
        logo: await demoLogo(services, 'HC', '#166534'),
        isMiniApp: false,
        inviteLink: null,
      },
    ],
  });
  const cryptoProject = await em.findOneOrFail(Project, { ownerId: advertiser.id, title: 'Crypto Daily' });
  const running = await services.exchange.createOffer(em.fork(), advertiser, {
    platformId: farmApp.id,
    projectId: farmProject.id,
    partnerPlatformId: clickerApp.id,
    partnerProjectId: clickerProject.id,
    quantity: 200,
    partnerQuantity: 150,
    message: 'Farm players love clickers: let us swap.',
  });
  const confirmed = await services.exchange.decide(em.fork(), publisher, running.id, 'confirm');
  // Deliveries through the conversion function: synthetic players start and complete swap tasks.
  const swaps = await em.execute<{ id: number; platform_id: number }[]>(
    'select id, platform_id from campaigns where deal_id = ? order by id',
    [confirmed.dealId],
  );
  let player = 9_100_000_000;
  for (const c of swaps) {
    const count = c.platform_id === farmApp.id ? 37 : 22;
    for (let i = 0; i < Math.ceil(count / swaps.filter((s) => s.platform_id === c.platform_id).length); i++) {
      const code = `demo-swap-${c.id}-${i}`;
      // Started a few minutes ago, like real players (an instant completion is a fraud signal).
      await em.execute(
        `insert into clicks (code, campaign_id, platform_id, player_id, tier_level, created_at)
         values (?, ?, ?, ?, 1, now() - interval '3 minutes')`,
        [code, c.id, c.platform_id, player++],
      );
      await services.conversions.convert(em.fork(), code, null);
    }
  }
  await services.exchange.createOffer(em.fork(), publisher, {
    platformId: clickerApp.id,
    projectId: clickerProject.id,
    partnerPlatformId: farmApp.id,
    partnerProjectId: cryptoProject.id,
    quantity: 100,
    message: 'Our players would join your channel: shall we?',
  });
}

/**
 * The moderation queues with something in every state: players' reports (new, claimed by the
 * second moderator, resolved with a conversion voided, rejected), a fraud rule's report, and
 * the newcomer's first campaign waiting for review. Everything through the real services.
 */
async function seedDemoModeration(em: EntityManager, services: Services) {
  const [advertiser, , moderator, moderator2, newcomer] = await Promise.all(
    DEMO_USERS.map((u) => em.findOneOrFail(User, { email: u.email })),
  );
  const app = await em.findOneOrFail(Platform, { tgBotId: DEMO_BOT_ID });
  const campaigns = await em.find(Campaign, { ownerId: advertiser.id, dealId: null }, { orderBy: { id: 'asc' } });
  const [channel, chat, bot] = campaigns;
  // Paid conversions of two demo players, on hold, so a report's effects have money to act on.
  let player = 9_200_000_000;
  const players: number[] = [];
  for (const c of [channel, chat, bot]) {
    const id = player++;
    players.push(id);
    const code = `demo-report-${c.id}`;
    await em.execute(
      `insert into clicks (code, campaign_id, platform_id, player_id, tier_level, created_at)
       values (?, ?, ?, ?, 1, now() - interval '4 minutes')`,
      [code, c.id, app.id, id],
    );
    await services.conversions.convert(em.fork(), code, null);
  }
  const file = (c: { id: number }, playerId: number, playerName: string, reason: NewReport['reason'], text: string) =>
    services.reports
      .fileNow(em.fork(), [{ platformId: app.id, campaignId: c.id, playerId, playerName, reason, text }])
      .then(([id]) => id);
  await file(
    channel,
    players[0],
    'Olga K. (@olga_k)',
    'NOT_REWARDED',
    'I joined the channel yesterday but got no coins.',
  );
  await file(bot, 4_400_000_001, 'Marco', 'BROKEN', 'The bot does not answer /start.');
  const claimed = await file(
    chat,
    players[1],
    'Dmitry (@dm_plays)',
    'INAPPROPRIATE',
    'The chat is full of spam links.',
  );
  await services.reports.act(em.fork(), moderator2, claimed, 'claim', {});
  const resolved = await file(bot, players[2], 'Lee', 'NOT_REWARDED', 'Did the task twice, nothing happened.');
  await services.reports.act(em.fork(), moderator, resolved, 'claim', {});
  await services.reports.act(em.fork(), moderator, resolved, 'status', {
    status: 'RESOLVED',
    note: 'The advertiser confirms the player never started the bot: voided.',
    effects: { voidConversion: true },
  });
  const rejected = await file(channel, 4_400_000_002, 'Anna', 'OTHER', 'I want more coins for this task.');
  await services.reports.act(em.fork(), moderator, rejected, 'claim', {});
  await services.reports.act(em.fork(), moderator, rejected, 'status', {
    status: 'REJECTED',
    note: 'Awards are set by the app, not by us.',
  });
  // A fraud rule's report about the app, listing the players it flagged today.
  await services.reports.fileHitsNow(
    em.fork(),
    [4_400_000_003, 4_400_000_004].map((playerId, i) => ({
      platformId: app.id,
      rule: 'FAST_COMPLETION',
      playerId,
      conversionId: null,
      evidence: { campaignId: channel.id, seconds: 0.8 + i * 0.3, limitSeconds: 5 },
    })),
    (rule, count) => services.fraud.describe(rule, count),
  );
  // The newcomer's first campaign waits for a moderator.
  const category = await em.findOneOrFail(Category, { title: 'Games' });
  const project = await services.projects.create(em.fork(), newcomer, {
    title: 'Puzzle Planet',
    categoryId: category.id,
    tasks: [
      {
        type: 'CHANNEL',
        title: 'Puzzle Planet News',
        url: 'https://t.me/puzzle_planet_news',
        logo: await demoLogo(services, 'PP', '#7c3aed'),
        isMiniApp: false,
        inviteLink: null,
      },
    ],
  });
  await services.campaigns.create(em.fork(), newcomer, project.id, project.tasks[0].id, {
    name: 'Puzzle Planet — first players',
    budget: parseMoney('50'),
    idempotencyKey: 'demo-newcomer-campaign',
  });
}

/**
 * Traffic quality worth looking at: the studio's two apps, each with 60 paid conversions today
 * from the demo advertiser's channel and chat campaigns (through the real conversion function),
 * whose holds then ended through the real ledger. Tap Rush's players stayed (a score of 100);
 * most of Coin Storm's left the channel or chat before the hold ended (about 49: advertisers
 * see it in the report by app and may exclude it).
 */
async function seedDemoQuality(em: EntityManager, services: Services) {
  const advertiser = await em.findOneOrFail(User, { email: DEMO_USERS[0].email });
  const studio = await em.findOneOrFail(User, { email: 'studio@demo.local' });
  const category = await em.findOneOrFail(Category, { title: 'Games' });
  const app = async (title: string, initials: string, color: string, tgBotId: number) => {
    const created = await services.platforms.create(em.fork(), studio, {
      title,
      logo: await demoLogo(services, initials, color),
      categoryId: category.id,
      webappUrl: `https://${initials.toLowerCase()}.example/app`,
      tgBotUrl: `https://t.me/${title.toLowerCase().replace(/\W+/g, '_')}_bot/play`,
      isDarkTheme: false,
      rewards: [{ title: 'Coins', logo: await demoLogo(services, '¢', '#f59e0b') }],
      services: (['CHANNEL', 'CHAT', 'BOT'] as const).map((taskType) => ({
        taskType,
        awards: [{ platformRewardTitle: 'Coins', value: 200 }],
        isExcluded: false,
        shouldConfirmWithoutPayout: false,
      })),
      tgBotId,
      botToken: null,
      rewardCallbackUrl: null,
    });
    return created.id;
  };
  const good = await app('Tap Rush', 'TR', '#0d9488', DEMO_STUDIO_BOT_IDS[0]);
  const poor = await app('Coin Storm', 'CS', '#dc2626', DEMO_STUDIO_BOT_IDS[1]);
  const [channel, chat] = await em.find(
    Campaign,
    { ownerId: advertiser.id, dealId: null, taskType: { $in: ['CHANNEL', 'CHAT'] } },
    { orderBy: { id: 'asc' } },
  );
  let player = 9_300_000_000;
  for (const [platformId, left] of [
    [good, 0],
    [poor, 54],
  ] as const) {
    // 60 players start a task (channel and chat in turns), their conversions come in one batch.
    const codes = Array.from({ length: 60 }, (_, i) => `demo-quality-${platformId}-${i}`);
    await em.execute(
      `insert into clicks (code, campaign_id, platform_id, player_id, tier_level, created_at)
       select c.code, case when c.n % 2 = 1 then ? else ? end, ?, ? + c.n, 3, now() - interval '3 minutes'
         from unnest(?::text[]) with ordinality c(code, n)`,
      [channel.id, chat.id, platformId, player, `{${codes.join(',')}}`],
    );
    player += codes.length;
    const done = await services.conversions.convertMany(
      em.fork(),
      codes.map((clickCode) => ({ clickCode, isNew: true })),
      null,
    );
    // The holds end in one transaction: the first `left` players were no longer members.
    await services.ledger.run(em.fork(), async (tx, emit) => {
      for (const [i, d] of done.entries()) {
        if (d instanceof Error) throw d;
        await services.conversions.resolveIn(tx, emit, d.conversionId!, i < left ? 'VOID' : 'POST');
      }
    });
  }
}
