/**
 * Traffic simulator: synthetic Telegram players use the public showcase API of a running server
 * (the demo from `npm start` by default) as the embedded showcase would, so the dashboards have
 * live traffic to show and the refusal paths get exercised.
 *
 *   npm run simulate -- [--rate 20] [--url <server>] [--seconds N] [--players 500] [--think 6]
 *                       [--platform <id>[:<botId>]]… [--bot-token <appId>=<token>]… [--publisher email:password] [--advertiser email:password]
 *                       [--poor <app id or title>]…
 *
 * A player takes `--think` seconds (1 to 1.5 times it, a person reading and tapping) between
 * starting a task and completing it, longer than the fast-completion fraud rule's 5 s. In an
 * app named with `--poor` (the low-quality mode) players complete within a second instead: the
 * fast-completion rule flags them, the app's report in the moderators' queue grows, and the
 * app's traffic quality score falls live on its App page. The demo's studio@demo.local owns two
 * apps for it: `--publisher studio@demo.local:demo1234 --poor "Tap Rush"`.
 *
 * Channel and chat tasks need a server whose system bot can check members. `--telegram <port>`
 * starts a local Bot API on that port (the fake the tests use, speaking the Bot API over HTTP,
 * every channel known) whose members are the simulated players: a player joins before checking,
 * and in a `--poor` app leaves right after, so when the hold ends (HOLD_DAYS=0 ends it at the
 * next job round) the server voids the conversion and the app's retention falls. The same
 * local Bot API is the system bot's Telegram: it prints every message the bot sends, and its
 * `/<bot>?start=<token>` (the Notifications page's t.me link, host replaced) presses Start as
 * a demo Telegram user, which links the account. Restart the server with what it prints (the
 * running server's PORT and DATA_DIR kept, server/lib/running.ts; a taken port is replaced by a
 * free one and said so):
 *   PORT=3000 DATA_DIR=/…/data HOLD_DAYS=0 JOBS_INTERVAL_SECONDS=5 \
 *     TELEGRAM_BOT_TOKEN=7000000999:simulated-system-bot TELEGRAM_API_URL=http://127.0.0.1:<port> npm start
 *
 * Each arrival (Poisson, `--rate` a second) is one of:
 * - a player's visit (~80 %): list the app's tasks, start one, complete it — channel/chat with
 *   `check` (without Telegram on the server that answers PENDING or an error: "not confirmed"),
 *   bot/custom with the advertiser's conversion event (`POST /api/v1/sdk/events`, project API
 *   key), smart link by opening the visit link (the 302 is not followed);
 * - a duplicate (~10 %): a bot/custom completion sent again (must answer DUPLICATE);
 * - an invalid request (~10 %): forged initData, a stale auth_date or a wrong API key (must be 401).
 *
 * initData is signed like Telegram's third-party signature (Ed25519, the DEV test key the
 * server trusts outside production) for each app's bot id. Apps are found by signing in as the
 * demo publisher (`GET /api/v1/platforms`); project API keys by signing in as the demo
 * advertiser. The country goes in `X-Country`. Prints a line every 5 s and a summary at the end
 * (after --seconds, or on Ctrl-C).
 *
 * The server is `--url`, else PUBLIC_URL, else http://localhost:$PORT (3000 when unset): the
 * same variables `npm start` reads, so a server started with PORT=4000 is found without flags.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { TIERS } from '../server/demo/seed.ts';
import { DEV_TEST_PRIVATE_KEY, playerInitData, signInitDataHmac, type TelegramUser } from '../server/lib/init-data.ts';
import { restartCommand } from '../server/lib/running.ts';
import { clickCodeFromLink } from '../server/modules/showcase/task-link.ts';
import { startFakeBotApi } from '../tests/fakes/telegram-bot-api.ts';

/** Where `npm start` listens with the same environment: PUBLIC_URL, or localhost on PORT. */
const DEFAULT_URL = process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`;

const { values: flags } = parseArgs({
  options: {
    url: { type: 'string', default: DEFAULT_URL },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string' },
    players: { type: 'string', default: '500' },
    platform: { type: 'string', multiple: true },
    'bot-token': { type: 'string', multiple: true },
    publisher: { type: 'string', default: 'publisher@demo.local:demo1234' },
    advertiser: { type: 'string', default: 'advertiser@demo.local:demo1234' },
    'private-key': { type: 'string', default: DEV_TEST_PRIVATE_KEY },
    'max-inflight': { type: 'string', default: '256' },
    think: { type: 'string', default: '6' },
    poor: { type: 'string', multiple: true },
    telegram: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (flags.help) {
  console.log(
    `npm run simulate -- [--rate 20] [--url ${DEFAULT_URL}] [--seconds N] [--players 500] [--platform <id>[:<botId>]]… [--bot-token <appId>=<token>]… [--publisher email:password] [--advertiser email:password] [--private-key hex] [--max-inflight 256] [--think 6] [--poor <app id or title>]… [--telegram <port>]`,
  );
  process.exit(0);
}
const number = (name: string, v: string | undefined, min: number) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number ≥ ${min}, got ${v}`);
    process.exit(2);
  }
  return n;
};
const BASE = flags.url.replace(/\/+$/, '');
const RATE = number('rate', flags.rate, 0.01);
const SECONDS = flags.seconds === undefined ? Number.POSITIVE_INFINITY : number('seconds', flags.seconds, 1);
const PLAYERS = Math.floor(number('players', flags.players, 1));
const MAX_INFLIGHT = Math.floor(number('max-inflight', flags['max-inflight'], 1));
const THINK_MS = number('think', flags.think, 0) * 1000;
const POOR = new Set(flags.poor ?? []);
/** The local Bot API's token, which the server must be started with (`--telegram`). */
const SIMULATED_BOT_TOKEN = '7000000999:simulated-system-bot';
/** The local Bot API on the asked port, or on a free one when that is taken (said so). */
async function startLocalBotApi(asked: number) {
  const start = (port: number) =>
    startFakeBotApi({
      port,
      token: SIMULATED_BOT_TOKEN,
      botUsername: 'simulated_system_bot',
      anyChannel: true,
      // What the system bot sends (notifications, its answers to /start), printed as it goes.
      onMessage: (m) =>
        console.log(
          `[telegram → chat ${m.chatId}] ${m.text}${m.buttons.map((b) => ` [${b.text} → ${b.webAppUrl ?? b.url}]`).join('')}`,
        ),
    });
  try {
    return await start(asked);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    const api = await start(0);
    console.log(
      `port ${asked} is taken (another program listens there): the local Bot API uses ${new URL(api.url).port} instead`,
    );
    return api;
  }
}
const telegram = flags.telegram ? await startLocalBotApi(number('telegram', flags.telegram, 1)) : null;
if (telegram) {
  const restart = restartCommand(BASE, [
    'HOLD_DAYS=0',
    'JOBS_INTERVAL_SECONDS=5',
    `TELEGRAM_BOT_TOKEN=${telegram.token}`,
    `TELEGRAM_API_URL=${telegram.url}`,
  ]);
  console.log(
    `local Bot API at ${telegram.url}: stop the server (Ctrl-C) and start it again with\n  ${restart}\n` +
      `To link an account: Notifications → Link Telegram, then open the link with https://t.me replaced by ${telegram.url}\n` +
      '(that is pressing Start as the demo Telegram user); the bot’s messages are printed here.',
  );
}

/** The channel or chat a start link names (`https://t.me/<username>`), for the local Bot API. */
function chatOf(link: string | undefined): string | null {
  const m = /^https:\/\/t\.me\/([A-Za-z0-9_]{4,})\/?$/.exec(link ?? '');
  return m ? m[1] : null;
}
const PRIVATE_KEY = flags['private-key'];
const REQUEST_TIMEOUT_MS = 10_000;
const REPORT_EVERY_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number; // 0 = no answer (network error or timeout)
  body: any;
  location?: string | null;
  /** A short name of a transport failure (ECONNREFUSED, timeout…), used as the error key. */
  error?: string;
  detail?: string;
}

const latencies: number[] = [];
const MAX_SAMPLES = 200_000;
let requests = 0;

async function call(
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: unknown; redirect?: 'manual' } = {},
): Promise<Answer> {
  const url = path.startsWith('http') ? path : `${BASE}${path}`;
  const t0 = performance.now();
  requests++;
  try {
    const res = await fetch(url, {
      method,
      headers: { ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }), ...opts.headers },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      redirect: opts.redirect ?? 'follow',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { error: text.slice(0, 200) };
    }
    return { status: res.status, body, location: res.headers.get('location') };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const timeout = e.name === 'TimeoutError';
    return {
      status: 0,
      body: null,
      error: timeout ? 'timeout' : (e.cause?.code ?? 'network error'),
      detail: timeout ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : (e.cause?.message ?? e.message),
    };
  } finally {
    const ms = performance.now() - t0;
    if (latencies.length < MAX_SAMPLES) latencies.push(ms);
    else latencies[randomInt(MAX_SAMPLES)] = ms;
  }
}

const message = (a: Answer) => a.detail ?? a.error ?? a.body?.error ?? (a.status ? `HTTP ${a.status}` : 'no answer');

async function signIn(credentials: string): Promise<string> {
  const at = credentials.indexOf(':');
  if (at < 1) throw new Error(`credentials must be email:password, got ${credentials}`);
  const a = await call('POST', '/api/v1/auth/login', {
    body: { email: credentials.slice(0, at), password: credentials.slice(at + 1) },
  });
  if (a.status !== 200 || !a.body?.value?.accessToken) {
    throw new Error(`sign-in as ${credentials.slice(0, at)} failed: ${a.status} ${message(a)}`);
  }
  return a.body.value.accessToken;
}

/** Every page of a `{ value: { data, total } }` list. */
async function listAll(path: string, token: string): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; page <= 100; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const a = await call('GET', `${path}${sep}page=${page}&limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (a.status !== 200) throw new Error(`GET ${path}: ${a.status} ${message(a)}`);
    const { data, total } = a.body.value as { data: any[]; total?: number };
    out.push(...data);
    if (data.length < 100 || (total !== undefined && out.length >= total)) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Apps, API keys, players

interface App {
  id: number;
  botId: number;
  title: string;
  /** Low-quality mode (`--poor`): its players complete within a second. */
  poor?: boolean;
  /** When the app validates initData with its bot token (HMAC), we must sign with it too. */
  botToken?: string;
}

/** `--bot-token <appId>=<token>`: apps that have a bot token check initData with it, not the Ed25519 signature. */
const botTokens = new Map(
  (flags['bot-token'] ?? []).map((spec) => {
    const at = spec.indexOf('=');
    const id = Number(spec.slice(0, at));
    if (at < 1 || !Number.isSafeInteger(id)) {
      console.error(`--bot-token must be <appId>=<token>, got ${spec}`);
      process.exit(2);
    }
    return [id, spec.slice(at + 1)] as const;
  }),
);

async function discoverApps(): Promise<App[]> {
  const explicit = (flags.platform ?? []).map((spec) => {
    const [id, botId] = spec.split(':').map(Number);
    if (!Number.isSafeInteger(id) || id < 1 || (botId !== undefined && !(Number.isSafeInteger(botId) && botId > 0))) {
      console.error(`--platform must be <id> or <id>:<botId>, got ${spec}`);
      process.exit(2);
    }
    return { id, botId };
  });
  if (explicit.length && explicit.every((p) => p.botId)) {
    return explicit.map((p) => ({ id: p.id, botId: p.botId!, title: `app ${p.id}`, botToken: botTokens.get(p.id) }));
  }
  const token = await signIn(flags.publisher);
  const mine = await listAll('/api/v1/platforms', token);
  const chosen = explicit.length ? mine.filter((p) => explicit.some((e) => e.id === p.id)) : mine;
  for (const e of explicit) {
    if (!chosen.some((p) => p.id === e.id) && !e.botId) {
      console.warn(
        `  app ${e.id} is not ${flags.publisher.split(':')[0]}'s: give its bot id as --platform ${e.id}:<botId>`,
      );
    }
  }
  const apps: App[] = [];
  for (const p of chosen) {
    const given = explicit.find((e) => e.id === p.id)?.botId;
    const botId = given ?? p.tgBotId;
    if (!p.isActive) console.warn(`  app ${p.id} "${p.title}" is inactive: its showcase will refuse players`);
    if (p.hasBotToken && !botTokens.has(p.id)) {
      console.warn(
        `  skipping app ${p.id} "${p.title}": it checks initData with its bot token (HMAC); pass --bot-token ${p.id}=<token> to play in it`,
      );
      continue;
    }
    if (!botId && !botTokens.has(p.id)) {
      console.warn(
        `  skipping app ${p.id} "${p.title}": it has no bot id (the simulator signs initData as Telegram's third-party signature for the app's bot id; set "TG bot id" in the app settings or pass --platform ${p.id}:<botId>)`,
      );
      continue;
    }
    apps.push({ id: p.id, botId: botId ?? 0, title: p.title, botToken: botTokens.get(p.id) });
  }
  for (const e of explicit) {
    if (e.botId && !apps.some((a) => a.id === e.id)) {
      apps.push({ id: e.id, botId: e.botId, title: `app ${e.id}`, botToken: botTokens.get(e.id) });
    }
  }
  for (const a of apps) a.poor = POOR.has(String(a.id)) || POOR.has(a.title);
  for (const name of POOR) {
    if (!apps.some((a) => String(a.id) === name || a.title === name))
      console.warn(`  --poor ${name}: no such app here`);
  }
  return apps;
}

/** How long a player takes between starting a task and completing it: a person, or (--poor) a bot. */
function thinkTime(app: App): number {
  return app.poor ? 200 + randomInt(600) : THINK_MS * (1 + Math.random() / 2);
}

/** Campaign id → its project's API key, refreshed when the showcase lists a campaign we do not know. */
const projectKeys = new Map<number, string>();
const campaignKeys = new Map<number, string | null>();
/** Resource title → its project's key: swap campaigns (exchange deals) are not in the campaign list. */
const titleKeys = new Map<string, string>();
let advertiserToken: string | null = null;
let keysRefreshedAt = 0;
let keysRefresh: Promise<void> | null = null;

async function refreshKeys(): Promise<void> {
  keysRefreshedAt = performance.now();
  try {
    advertiserToken ??= await signIn(flags.advertiser);
    const campaigns = await listAll('/api/v1/campaigns', advertiserToken);
    for (const c of campaigns) {
      if (!projectKeys.has(c.projectId)) {
        const a = await call('GET', `/api/v1/projects/${c.projectId}`, {
          headers: { authorization: `Bearer ${advertiserToken}` },
        });
        if (a.status === 200 && a.body.value.secretKey) projectKeys.set(c.projectId, a.body.value.secretKey);
      }
      campaignKeys.set(c.id, projectKeys.get(c.projectId) ?? null);
    }
    for (const p of await listAll('/api/v1/projects', advertiserToken)) {
      const a = await call('GET', `/api/v1/projects/${p.id}`, {
        headers: { authorization: `Bearer ${advertiserToken}` },
      });
      if (a.status !== 200 || !a.body.value.secretKey) continue;
      projectKeys.set(p.id, a.body.value.secretKey);
      for (const t of a.body.value.tasks ?? []) titleKeys.set(t.title, a.body.value.secretKey);
    }
  } catch (err) {
    console.warn(`  project API keys: ${(err as Error).message}`);
  }
}

async function keyOf(campaignId: number, title: string): Promise<string | null> {
  if (!campaignKeys.has(campaignId) && !titleKeys.has(title) && performance.now() - keysRefreshedAt > 10_000) {
    keysRefresh ??= refreshKeys().finally(() => {
      keysRefresh = null;
    });
    await keysRefresh;
  }
  return campaignKeys.get(campaignId) ?? titleKeys.get(title) ?? null;
}

const UNKNOWN_COUNTRIES = ['CL', 'NZ', 'KE', 'PE', 'MA', 'TH'];
const LANGUAGES = ['en', 'en', 'en', 'ru', 'ru', 'de', 'es', 'pt', 'fr', 'uk', 'tr', 'it', 'id'];
const FIRST_NAMES = ['Alex', 'Maria', 'Ivan', 'Lena', 'Tom', 'Aisha', 'Kenji', 'Lucas', 'Olga', 'Sam', 'Noor', 'Ana'];

interface Player {
  user: TelegramUser;
  country: string | null;
}

function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)];
}

function randomCountry(): string | null {
  const r = Math.random();
  if (r < 0.3) return pick(TIERS[0].countries);
  if (r < 0.55) return pick(TIERS[1].countries);
  if (r < 0.85) return pick(TIERS[2].countries);
  if (r < 0.93) return pick(UNKNOWN_COUNTRIES); // in no tier: priced as the cheapest
  return null; // no country header at all
}

// Fresh ids each run (a player completes a campaign once, so reused ids would find nothing to do).
const ID_BASE = 5_000_000_000 + randomInt(1_000_000) * 1_000;
const players: Player[] = Array.from({ length: PLAYERS }, (_, i) => {
  const language = pick(LANGUAGES);
  return {
    user: {
      id: ID_BASE + i,
      first_name: pick(FIRST_NAMES),
      username: `sim_${(ID_BASE + i).toString(36)}`,
      language_code: language,
      ...(Math.random() < 0.15 ? { is_premium: true } : {}),
    },
    country: randomCountry(),
  };
});

/** initData as Telegram would give the app: HMAC-signed when we know the app's bot token, else Ed25519. */
function initDataFor(player: Player, app: App, authDate = Math.floor(Date.now() / 1000)): string {
  if (!app.botToken) return playerInitData(player.user, { botId: app.botId, privateKeyHex: PRIVATE_KEY, authDate });
  const queryId = `AA${randomBytes(16).toString('base64url')}`;
  return signInitDataHmac(
    { user: JSON.stringify(player.user), auth_date: String(authDate), query_id: queryId },
    app.botToken,
  );
}

function playerHeaders(player: Player, app: App, authDate?: number): Record<string, string> {
  const initData = initDataFor(player, app, authDate);
  return { authorization: `tma ${initData}`, ...(player.country ? { 'x-country': player.country } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Statistics

const TASK_KINDS = ['BOT', 'CHANNEL', 'CHAT', 'SMART_LINK', 'CUSTOM'] as const;
const KINDS = ['list tasks', ...TASK_KINDS, 'duplicate', 'forged initData', 'stale initData', 'wrong API key'] as const;
type Kind = (typeof KINDS)[number];

interface Row {
  sent: number;
  accepted: number;
  duplicate: number;
  invalid: number;
  pending: number;
  errors: Map<string, number>;
  /** Answers that should not have been given (a forgery accepted, a duplicate paid). */
  unexpected: number;
}
const stats = new Map<Kind, Row>(
  KINDS.map((k) => [
    k,
    { sent: 0, accepted: 0, duplicate: 0, invalid: 0, pending: 0, errors: new Map(), unexpected: 0 },
  ]),
);
const samples = new Map<string, string>();
let emptyLists = 0;
let noKey = 0;
let dropped = 0;

function error(kind: Kind, a: Answer, step: string) {
  const key = a.status ? String(a.status) : (a.error ?? 'network');
  const row = stats.get(kind)!;
  row.errors.set(key, (row.errors.get(key) ?? 0) + 1);
  const sampleKey = `${kind} ${step} ${key}`;
  if (!samples.has(sampleKey)) samples.set(sampleKey, message(a));
}

// Completions that can be replayed for the duplicate path.
interface Completion {
  app: App;
  player: Player;
  campaignId: number;
  code: string;
  key: string;
}
const completions: Completion[] = [];
const MAX_COMPLETIONS = 10_000;

// ---------------------------------------------------------------------------------------------
// Flows

// A player does one thing at a time, as a person would (two flows of one player would race).
const busy = new Set<Player>();

async function visit(): Promise<void> {
  const app = pick(apps);
  let player = pick(players);
  for (let i = 0; i < 5 && busy.has(player); i++) player = pick(players);
  if (busy.has(player)) return;
  busy.add(player);
  try {
    await play(app, player);
  } finally {
    busy.delete(player);
  }
}

async function play(app: App, player: Player): Promise<void> {
  const headers = playerHeaders(player, app);
  const list = stats.get('list tasks')!;
  list.sent++;
  const shown = await call('GET', `/api/v1/showcase/platforms/${app.id}`, { headers });
  if (shown.status !== 200) return error('list tasks', shown, 'list');
  list.accepted++;
  const tasks = (shown.body.value?.tasks ?? []) as { campaignId: number; taskType: Kind; title: string }[];
  if (!tasks.length) {
    emptyLists++;
    return;
  }
  const task = pick(tasks);
  const kind: Kind = (TASK_KINDS as readonly string[]).includes(task.taskType) ? task.taskType : 'CUSTOM';
  const row = stats.get(kind)!;
  row.sent++;
  const taskPath = `/api/v1/showcase/platforms/${app.id}/tasks/${task.campaignId}`;
  const started = await call('POST', `${taskPath}/start`, { headers });
  if (started.status !== 200 && started.status !== 201) return error(kind, started, 'start');
  const value = started.body.value;
  if (kind !== 'SMART_LINK') await sleep(thinkTime(app));

  if (kind === 'CHANNEL' || kind === 'CHAT') {
    // With the local Bot API the player joins the channel or chat before checking.
    const chat = telegram ? chatOf(value?.link) : null;
    if (chat) telegram?.setMember(chat, player.user.id, 'member');
    const checked = await call('POST', `${taskPath}/check`, { headers });
    // A low-quality app's player leaves once paid: the hold's end finds them gone.
    if (chat && app.poor && checked.body?.value?.status === 'COMPLETED')
      telegram?.setMember(chat, player.user.id, 'left');
    if (checked.status !== 200) {
      // Without Telegram the server cannot confirm a subscription: that is "not confirmed", not a failure.
      if (checked.status === 503) {
        row.pending++;
        const sampleKey = `${kind} check ${checked.status}`;
        if (!samples.has(sampleKey)) samples.set(sampleKey, message(checked));
        return;
      }
      return error(kind, checked, 'check');
    }
    if (checked.body.value?.status === 'COMPLETED') row.accepted++;
    else {
      row.pending++;
      const sampleKey = `${kind} check ${checked.body.value?.status}`;
      if (!samples.has(sampleKey)) samples.set(sampleKey, checked.body.value?.message ?? JSON.stringify(checked.body));
    }
    return;
  }

  if (kind === 'SMART_LINK') {
    let link: string = value?.link ?? '';
    // The server builds the link from its public URL; reach it at the URL we were given.
    const at = link.indexOf('/api/v1/showcase/visit/');
    if (at >= 0) link = `${BASE}${link.slice(at)}`;
    if (!link.startsWith('http'))
      return error(
        kind,
        { status: 0, body: null, error: 'no visit link', detail: `no visit link in ${JSON.stringify(value)}` },
        'start',
      );
    const opened = await call('GET', link, { redirect: 'manual' });
    if (opened.status >= 300 && opened.status < 400) row.accepted++;
    else error(kind, opened, 'visit');
    return;
  }

  // BOT and CUSTOM: the advertiser's bot or site reports the conversion with the click code.
  const code = clickCodeFromLink(value.link);
  const key = await keyOf(task.campaignId, task.title);
  if (!code || !key) {
    noKey++;
    return error(
      kind,
      {
        status: 0,
        body: null,
        error: !code ? 'no click code' : 'no API key',
        detail: !code ? `no click code in ${JSON.stringify(value)}` : `no API key for campaign ${task.campaignId}`,
      },
      'event',
    );
  }
  const event = await call('POST', '/api/v1/sdk/events', {
    headers: { 'x-api-key': key },
    body: { type: 'conversion', click: code },
  });
  if (event.status !== 200 && event.status !== 201) return error(kind, event, 'event');
  if (event.body.value?.status === 'DUPLICATE') row.duplicate++;
  else {
    row.accepted++;
    const c = { app, player, campaignId: task.campaignId, code, key };
    if (completions.length < MAX_COMPLETIONS) completions.push(c);
    else completions[randomInt(MAX_COMPLETIONS)] = c;
  }
}

async function duplicate(): Promise<void> {
  if (!completions.length) return visit();
  const c = pick(completions);
  const row = stats.get('duplicate')!;
  row.sent++;
  const event = await call('POST', '/api/v1/sdk/events', {
    headers: { 'x-api-key': c.key },
    body: { type: 'conversion', click: c.code },
  });
  if (
    event.status === 409 ||
    ((event.status === 200 || event.status === 201) && event.body.value?.status === 'DUPLICATE')
  ) {
    row.duplicate++;
  } else if (event.status === 200 || event.status === 201) {
    row.accepted++;
    row.unexpected++;
    samples.set('duplicate paid again', JSON.stringify(event.body.value));
  } else error('duplicate', event, 'event');
}

async function expectRefusal(kind: Kind, a: Answer) {
  const row = stats.get(kind)!;
  // A wrong API key with a real click code is "Click not found" (404): the server does not say
  // whether the key or the code was wrong.
  if (a.status === 401 || (kind === 'wrong API key' && a.status === 404)) {
    row.invalid++;
    const sampleKey = `${kind} refused ${a.status}`;
    if (!samples.has(sampleKey)) samples.set(sampleKey, message(a));
  } else if (a.status >= 200 && a.status < 300) {
    row.accepted++;
    row.unexpected++;
    samples.set(`${kind} accepted`, JSON.stringify(a.body).slice(0, 200));
  } else error(kind, a, 'refusal');
}

async function invalid(): Promise<void> {
  const app = pick(apps);
  const player = pick(players);
  const r = randomInt(3);
  if (r === 0) {
    // Signed for one player, then the user field swapped for another: the signature no longer matches.
    const row = stats.get('forged initData')!;
    row.sent++;
    const raw = initDataFor(player, app);
    const params = new URLSearchParams(raw);
    params.set('user', JSON.stringify({ ...player.user, id: player.user.id + 1 }));
    const a = await call('GET', `/api/v1/showcase/platforms/${app.id}`, {
      headers: { authorization: `tma ${params.toString()}` },
    });
    return expectRefusal('forged initData', a);
  }
  if (r === 1) {
    const row = stats.get('stale initData')!;
    row.sent++;
    const twoDaysAgo = Math.floor(Date.now() / 1000) - 2 * 86_400;
    const a = await call('GET', `/api/v1/showcase/platforms/${app.id}`, {
      headers: playerHeaders(player, app, twoDaysAgo),
    });
    return expectRefusal('stale initData', a);
  }
  const row = stats.get('wrong API key')!;
  row.sent++;
  const code = completions.length ? pick(completions).code : randomBytes(12).toString('base64url');
  const a = await call('POST', '/api/v1/sdk/events', {
    headers: { 'x-api-key': `tgp_${randomBytes(24).toString('hex')}` },
    body: { type: 'conversion', click: code },
  });
  return expectRefusal('wrong API key', a);
}

// ---------------------------------------------------------------------------------------------
// Run

function totals() {
  let sent = 0;
  let accepted = 0;
  let dup = 0;
  let inv = 0;
  let pending = 0;
  let errors = 0;
  for (const [kind, row] of stats) {
    if (kind === 'list tasks') continue;
    sent += row.sent;
    accepted += row.accepted;
    dup += row.duplicate;
    inv += row.invalid;
    pending += row.pending;
    for (const n of row.errors.values()) errors += n;
  }
  return { sent, accepted, dup, inv, pending, errors };
}

const errorText = (errors: Map<string, number>) =>
  [...errors]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k}×${n}`)
    .join(' ') || '-';

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(elapsed: number) {
  const header = [
    'kind',
    'sent',
    'accepted',
    'duplicates refused',
    'invalid refused',
    'not confirmed',
    'errors by status',
  ];
  const rows = KINDS.map((k) => {
    const r = stats.get(k)!;
    return [
      k,
      String(r.sent),
      r.unexpected ? `${r.accepted} (${r.unexpected} UNEXPECTED)` : String(r.accepted),
      String(r.duplicate),
      String(r.invalid),
      String(r.pending),
      errorText(r.errors),
    ];
  });
  const t = totals();
  const allErrors = new Map<string, number>();
  for (const [k, r] of stats)
    if (k !== 'list tasks') for (const [s, n] of r.errors) allErrors.set(s, (allErrors.get(s) ?? 0) + n);
  rows.push([
    'total (without lists)',
    String(t.sent),
    String(t.accepted),
    String(t.dup),
    String(t.inv),
    String(t.pending),
    errorText(allErrors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ');
  console.log(`\nSummary after ${elapsed.toFixed(1)} s against ${BASE}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `\nrequests ${requests} (${(requests / elapsed).toFixed(1)}/s), latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms; players who had nothing left to do: ${emptyLists}; dropped (more than ${MAX_INFLIGHT} in flight): ${dropped}; conversions without a click code or API key: ${noKey}`,
  );
  if (samples.size) {
    console.log('\nfirst answer of each kind of refusal, not confirmed check or error:');
    for (const [k, m] of samples) console.log(`  ${k}: ${m}`);
  }
}

let apps: App[] = [];
console.log(`simulate: ${BASE}, ${RATE}/s, ${PLAYERS} players${Number.isFinite(SECONDS) ? `, ${SECONDS} s` : ''}`);
// With --telegram the server is started after this (it needs the local Bot API): wait for it.
const waitUntil = Date.now() + (telegram ? 5 * 60_000 : 0);
for (;;) {
  try {
    apps = await discoverApps();
    break;
  } catch (err) {
    const refused = /ECONNREFUSED|fetch failed/.test((err as Error).message);
    if (!refused || Date.now() > waitUntil) {
      console.error(`simulate: cannot start: ${(err as Error).message}`);
      process.exit(1);
    }
    await sleep(2000);
  }
}
if (!apps.length) {
  console.error('simulate: no app to play in (see the warnings above)');
  process.exit(1);
}
console.log(
  `apps: ${apps.map((a) => `${a.id} "${a.title}" (${a.botToken ? 'bot token' : `bot id ${a.botId}`}${a.poor ? ', low quality: completes within a second' : ''})`).join(', ')}`,
);
await refreshKeys();
console.log(`project API keys for ${[...campaignKeys.values()].filter(Boolean).length} campaign(s)\n`);

let running = true;
let inflight = 0;
const started = performance.now();
let interrupts = 0;
process.on('SIGINT', () => {
  interrupts++;
  if (interrupts > 1) process.exit(130);
  console.log('\nstopping (Ctrl-C again to quit at once)…');
  running = false;
});

const reporter = setInterval(() => {
  const t = totals();
  const s = (performance.now() - started) / 1000;
  console.log(
    `[${s.toFixed(0).padStart(4)} s] sent ${t.sent}, accepted ${t.accepted}, duplicates refused ${t.dup}, invalid refused ${t.inv}, not confirmed ${t.pending}, errors ${t.errors}, ${(requests / s).toFixed(1)} req/s, in flight ${inflight}`,
  );
}, REPORT_EVERY_MS);

function launch() {
  if (inflight >= MAX_INFLIGHT) {
    dropped++;
    return;
  }
  const r = Math.random();
  const flow = r < 0.8 ? visit : r < 0.9 ? duplicate : invalid;
  inflight++;
  flow()
    .catch((err) => {
      const key = `crash ${(err as Error).message}`;
      if (!samples.has(key)) samples.set(key, (err as Error).stack ?? String(err));
    })
    .finally(() => {
      inflight--;
    });
}

const deadline = started + SECONDS * 1000;
let nextAt = performance.now();
while (running && performance.now() < deadline) {
  const now = performance.now();
  while (nextAt <= now) {
    launch();
    nextAt += (-Math.log(1 - Math.random()) / RATE) * 1000;
  }
  await sleep(Math.max(1, Math.min(nextAt - now, deadline - now, 250)));
}
const drainUntil = performance.now() + REQUEST_TIMEOUT_MS + THINK_MS * 1.5 + 1_000;
while (inflight > 0 && performance.now() < drainUntil && interrupts < 2) await sleep(50);
clearInterval(reporter);
summary((performance.now() - started) / 1000);
process.exit(0);
