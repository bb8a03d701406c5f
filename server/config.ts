import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseMoney } from './lib/money.ts';
import { DEV_TEST_PUBLIC_KEY, TELEGRAM_PUBLIC_KEY_PRODUCTION } from './lib/init-data.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

// One schema for the whole environment, parsed once at start.
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().min(3).optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).optional(),
    OUTBOUND_ALLOW_CIDRS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const list = (v ?? '')
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean);
        for (const c of list) {
          if (!/^[\d.]+\/\d{1,2}$|^[\da-f:]+\/\d{1,3}$/i.test(c)) {
            ctx.addIssue({ code: 'custom', message: `${c} is not a CIDR range such as 10.0.0.0/8` });
          }
        }
        return list;
      }),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    DATABASE_URL: z.url().optional(),
    REDIS_URL: z.url().optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    JWT_EXPIRES_IN: z
      .string()
      .regex(/^\d+\s*[smhdw]$/, 'use a number and a unit, e.g. 15m, 12h, 7d')
      .default('7d'),
    DEMO_SEED: bool.optional(),
    /** Staff roles act only with a second factor added: required by default in production. */
    STAFF_SECOND_FACTOR: z.enum(['required', 'optional']).optional(),
    STEP_UP_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().default('Taskgram Ads <no-reply@taskgram.local>'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    GOOGLE_REDIRECT_URI: z.url().optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    SUPPORT_BOT: z.string().default('taskgram_support_bot'),
    SUPPORT_EMAIL: z.email().default('support@taskgram.ads'),
    TELEGRAM_SYSTEM_BOT: z.string().default('taskgram_system_bot'),
    SERVE_CLIENT: bool.optional(),
    // How many proxies stand in front (their X-Forwarded-For is trusted); 0 = none.
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    // The built-in sandbox checkout credits money without payment: never on by accident in production.
    PAYMENTS_SANDBOX: bool.optional(),
    HOLD_DAYS: z.coerce.number().min(0).max(365).default(7),
    // Conversion transactions in the database at once; more events wait and commit together (0: each alone).
    CONVERSION_BATCHES: z.coerce.number().int().min(0).max(64).default(2),
    // Fraud rules (docs/architecture.md): a hit files a FRAUD_RULE report once per rule, subject and day.
    FRAUD_MIN_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    FRAUD_MAX_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(60),
    FRAUD_LEAVE_RATE: z.coerce.number().min(0).max(1).default(0.5),
    FRAUD_LEAVE_MIN_SAMPLE: z.coerce.number().int().min(1).max(100000).default(20),
    // Traffic quality (docs/architecture.md): an app has a score from this many paid conversions in 30 days.
    QUALITY_MIN_SAMPLE: z.coerce.number().int().min(1).max(1000000).default(50),
    // An app scored under this gets no paid campaigns until a moderator lifts it or the score recovers (0: no floor).
    QUALITY_FLOOR: z.coerce.number().int().min(0).max(100).default(30),
    // The 30-day re-check: the share (percent) of posted channel and chat players checked again, and how many a job round.
    QUALITY_RECHECK_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
    QUALITY_RECHECK_PER_ROUND: z.coerce.number().int().min(0).max(10000).default(200),
    CRYPTO_PAY_TOKEN: z.string().min(10).optional(),
    CRYPTO_PAY_API_URL: z.url().default('https://pay.crypt.bot'),
    JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
    LEDGER_CHECK_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
    SECRETS_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes), e.g. `openssl rand -hex 32`')
      .optional(),
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^\d+:[\w-]{20,}$/, 'must look like 123456:ABC-DEF…')
      .optional(),
    TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
    // Secret token of the system bot's webhook (setWebhook secret_token): turns on
    // POST /api/v1/telegram/webhook for chat_member updates.
    TELEGRAM_WEBHOOK_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 characters of A-Z, a-z, 0-9, _ and -')
      .optional(),
    // Where the system bot's updates come from: the webhook (default when TELEGRAM_WEBHOOK_SECRET
    // is set; set with setWebhook at start when PUBLIC_URL is known), long polling (default
    // otherwise; one instance only), or off (the default in tests).
    TELEGRAM_UPDATES: z.enum(['webhook', 'polling', 'off']).optional(),
    // Notification delivery: messages a second across every instance (Telegram allows ~30).
    TELEGRAM_MAX_PER_SECOND: z.coerce.number().int().min(1).max(30).default(25),
    // Moderators hear of their queue when its oldest item has waited this long (at most hourly).
    MODERATION_ALERT_MINUTES: z.coerce.number().int().min(1).default(30),
    // Ed25519 key that signs third-party initData (hex, 32 bytes). Default: Telegram's production
    // key in production, the repository's test key elsewhere (the simulator signs with it).
    TELEGRAM_INITDATA_PUBLIC_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (a raw Ed25519 public key)')
      .optional(),
    INIT_DATA_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(86_400),
    // Request header with the player's ISO country, set by a proxy you trust (e.g. cf-ipcountry).
    COUNTRY_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'must be a header name')
      .optional(),
    SHOWCASE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    // The network's share of each action's price, in percent.
    NETWORK_FEE_PERCENT: z.coerce.number().int().min(0).max(90).default(20),
    REWARD_CALLBACK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
    // Payouts in USDT on TON (docs/payouts.md). No TONCENTER_API_URL/KEY: the in-process sandbox chain.
    TON_NETWORK: z.enum(['mainnet', 'testnet']).default('testnet'),
    TONCENTER_API_URL: z.url().optional(),
    TONCENTER_API_KEY: z.string().min(10).optional(),
    // One sandbox chain for several instances (`npm run sandbox:chain`, compose's `chain`); unset: each runs its own.
    TON_SANDBOX_URL: z.url().optional(),
    TON_SANDBOX_KEY: z.string().min(10).optional(),
    // The hot wallet's 24 words, sealed with SECRETS_KEY (`npm run payouts:seal`) or plain outside production.
    PAYOUT_WALLET_MNEMONIC: z.string().min(20).optional(),
    // The USDT jetton master; on mainnet Tether's by default.
    USDT_JETTON_MASTER: z.string().min(48).optional(),
    // Seconds a transfer waits on chain for a bounce before it counts, and toncenter's call timeout.
    PAYOUT_SETTLE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    TONCENTER_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(10),
    PAYOUT_BATCH_SIZE: z.coerce.number().int().min(1).max(254).default(254),
    // The highload wallet's timeout: part of its address, so it never changes for a wallet.
    PAYOUT_WALLET_TIMEOUT_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    PAYOUT_INTERVAL_SECONDS: z.coerce.number().min(0.2).max(3600).default(5),
    // Approve without a person below this many USD (off when unset), under the conditions below.
    PAYOUT_AUTO_APPROVE_MAX: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,6})?$/, 'must be an amount in USD, e.g. 100')
      .optional(),
    PAYOUT_AUTO_APPROVE_MIN_AGE_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    // Network-wide limits on what the hot wallet sends (USD; unset: none) in the last hour and the
    // last 24 hours, and the share of its USDT one round may send. Past them approved withdrawals
    // wait in order; finance is told once and may lift them for the rest of the day.
    PAYOUT_MAX_PER_HOUR_USD: z
      .string()
      .regex(/^\d{1,12}(\.\d{1,6})?$/, 'must be an amount in USD, e.g. 5000')
      .optional(),
    PAYOUT_MAX_PER_DAY_USD: z
      .string()
      .regex(/^\d{1,12}(\.\d{1,6})?$/, 'must be an amount in USD, e.g. 20000')
      .optional(),
    PAYOUT_MAX_ROUND_SHARE: z.coerce.number().gt(0).max(1).default(1),
    // The first withdrawal to an address its user was never paid at waits this long before anyone
    // (or the auto-approve rule) can approve it; 0 turns the hold off.
    PAYOUT_NEW_ADDRESS_HOLD_HOURS: z.coerce.number().min(0).max(720).default(24),
    // Withdrawals of at least this many USD need two finance people (four eyes).
    PAYOUT_SECOND_APPROVAL_USD: z
      .string()
      .regex(/^\d{1,12}(\.\d{1,6})?$/, 'must be an amount in USD, e.g. 1000')
      .default('1000'),
    // The sandbox chain's hot wallet funds at start (TON for fees, USDT to pay out).
    PAYOUT_SANDBOX_TON: z.coerce.number().int().min(0).default(1000),
    PAYOUT_SANDBOX_USDT: z.coerce.number().int().min(0).default(1_000_000),
  })
  .superRefine((env, ctx) => {
    // Conditional requirements: a variable is needed only when its feature is on.
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && !env.CRYPTO_PAY_TOKEN && !env.PAYMENTS_SANDBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['CRYPTO_PAY_TOKEN'],
        message: 'is required in production (or set PAYMENTS_SANDBOX=1 for a demo where top-ups are free)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SECRETS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message: 'is required in production (encrypts API keys at rest)',
      });
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required with the other S3_ settings' });
    }
    if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (env.TONCENTER_API_URL && !env.PAYOUT_WALLET_MNEMONIC) {
      ctx.addIssue({ code: 'custom', path: ['PAYOUT_WALLET_MNEMONIC'], message: 'is required with TONCENTER_API_URL' });
    }
    if (env.TONCENTER_API_URL && env.TON_SANDBOX_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['TON_SANDBOX_URL'],
        message: 'pays on a sandbox chain: leave it unset with TONCENTER_API_URL (a real network)',
      });
    }
    if (env.TONCENTER_API_URL && env.TON_NETWORK === 'testnet' && !env.USDT_JETTON_MASTER) {
      ctx.addIssue({ code: 'custom', path: ['USDT_JETTON_MASTER'], message: 'is required on testnet (no default)' });
    }
    if (env.NODE_ENV === 'production' && !env.TONCENTER_API_URL && !env.PAYMENTS_SANDBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['TONCENTER_API_URL'],
        message: 'is required in production (or set PAYMENTS_SANDBOX=1 for a demo paying out on a sandbox chain)',
      });
    }
    const google = [env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, env.GOOGLE_REDIRECT_URI];
    if (google.some(Boolean) && !google.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_ID'],
        message: 'Google sign-in needs GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_REDIRECT_URI together',
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** Thresholds of the fraud rules. */
export interface FraudConfig {
  /** Start → completion faster than this many seconds is not a human. */
  minSeconds: number;
  /** More completions than this in an hour, across apps, by one player. */
  maxPerHour: number;
  /** An app whose channel and chat conversions are voided at hold end (players left) above this share… */
  leaveRate: number;
  /** …over at least this many resolved conversions in the last 7 days. */
  leaveMinSample: number;
}

/** An S3-compatible bucket for uploads (images/storage.ts). */
export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Payouts in USDT on TON (modules/payments/payouts). */
export interface PayoutSettings {
  network: 'mainnet' | 'testnet';
  /** toncenter's API v3; absent: the in-process sandbox chain. */
  toncenter?: { url: string; apiKey?: string; timeoutMs: number; settleSeconds: number };
  /**
   * The deployment's shared sandbox chain (sandbox-service.ts); absent (and no toncenter): a
   * sandbox chain in this process.
   */
  sandboxChain?: { url: string; apiKey?: string; timeoutMs: number };
  /** The hot wallet's mnemonic as configured (sealed `v1.…` or plain words); absent: a new one per sandbox. */
  mnemonic?: string;
  usdtMaster?: string;
  batchSize: number;
  walletTimeout: number;
  intervalMs: number;
  /** Micro-USD; absent: every withdrawal waits for a person. */
  autoApproveMax?: bigint;
  autoApproveMinAgeDays: number;
  /** Micro-USD: withdrawals of at least this need approvals by two different finance people. */
  secondApprovalMin: bigint;
  /** Hours a first withdrawal to a new address waits before it can be approved (0: none). */
  newAddressHoldHours: number;
  /** Micro-USD the hot wallet may send in an hour and in 24 hours (absent: no limit). */
  maxPerHour?: bigint;
  maxPerDay?: bigint;
  /** The share of the hot wallet's USDT one round may send (1: all of it). */
  maxRoundShare: number;
  sandboxFunds: { ton: number; usdt: number };
  /** Where the sandbox chain is kept between starts (its accounts, history and hot wallet); absent: not kept. */
  sandboxFile?: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl?: string;
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  /** S3-compatible object storage for uploads (S3_BUCKET set); else the data folder. */
  s3?: S3Settings;
  /** Private ranges outbound calls (reward callbacks) may reach anyway, e.g. `10.1.0.0/16`. */
  outboundAllowCidrs: string[];
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken?: string;
  databaseUrl?: string;
  redisUrl?: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  demoSeed: boolean;
  /** `required`: moderation, finance and staff administration answer 403 until the person adds a second factor. */
  staffSecondFactor: 'required' | 'optional';
  /** How long a fresh proof (a sign-in, a step-up) lets money move and the account change (lib/step-up.ts). */
  stepUpSeconds: number;
  trustProxy: number;
  smtpUrl?: string;
  mailFrom: string;
  google?: { clientId: string; clientSecret: string; issuer: string; redirectUri: string };
  rateLimitPerMinute: number;
  supportBot: string;
  supportEmail: string;
  telegramSystemBot: string;
  serveClient: boolean;
  holdDays: number;
  /** Conversion transactions in the database at once before events commit together (0: each alone). */
  conversionBatches: number;
  fraud: FraudConfig;
  /** Paid conversions in 30 days an app needs for a quality score. */
  qualityMinSample: number;
  /** Apps scored under it get no paid campaigns (0: no floor). */
  qualityFloor: number;
  /** The 30-day re-check: percent of posted channel and chat players, at most perRound a job round, spacingMs apart. */
  qualityRecheck: { percent: number; perRound: number; spacingMs: number };
  cryptoPay?: { token: string; apiUrl: string };
  jobsIntervalMs: number;
  /** How often each instance checks the ledger's invariants for /metrics (alerts); 0: never. */
  ledgerCheckIntervalMs: number;
  /** AES-256-GCM key for secrets stored in the database (project API keys, bot tokens). */
  secretsKey: Buffer;
  telegram: {
    token?: string;
    apiUrl: string;
    webhookSecret?: string;
    updates: 'webhook' | 'polling' | 'off';
    maxPerSecond: number;
  };
  moderationAlertMinutes: number;
  /** Hex Ed25519 public key for third-party initData signatures. */
  initDataPublicKey: string;
  initDataMaxAgeSeconds: number;
  /** Lower-case header name carrying the player's country, or undefined (country unknown). */
  countryHeader?: string;
  showcaseRatePerMinute: number;
  networkFeePercent: number;
  rewardCallbackMaxAttempts: number;
  payouts: PayoutSettings;
}

/** Tether's USDT on TON mainnet. */
export const MAINNET_USDT_MASTER = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs';

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    outboundAllowCidrs: env.OUTBOUND_ALLOW_CIDRS,
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          // MinIO and most self-hosted servers want path-style URLs; AWS takes either.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ? ['1', 'true'].includes(env.S3_FORCE_PATH_STYLE) : !!env.S3_ENDPOINT,
        }
      : undefined,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    jwtSecret: env.JWT_SECRET ?? developmentSecret(dataDir, 'jwt-secret', 'base64url'),
    jwtExpiresIn: env.JWT_EXPIRES_IN.replace(/\s+/g, ''),
    // The embedded database is the demo setup, so it gets demo data unless told otherwise.
    demoSeed: env.DEMO_SEED ?? (!env.DATABASE_URL && env.NODE_ENV !== 'production'),
    // The demo's staff accounts have no second factor: a demo stays usable unless told otherwise.
    staffSecondFactor:
      env.STAFF_SECOND_FACTOR ??
      (env.NODE_ENV === 'production' && !(env.DEMO_SEED ?? (!env.DATABASE_URL && env.NODE_ENV !== 'production'))
        ? 'required'
        : 'optional'),
    stepUpSeconds: env.STEP_UP_SECONDS,
    trustProxy: env.TRUST_PROXY,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET && env.GOOGLE_REDIRECT_URI
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER.replace(/\/$/, ''),
            redirectUri: env.GOOGLE_REDIRECT_URI,
          }
        : undefined,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    supportBot: env.SUPPORT_BOT,
    supportEmail: env.SUPPORT_EMAIL,
    telegramSystemBot: env.TELEGRAM_SYSTEM_BOT,
    serveClient: env.SERVE_CLIENT ?? env.NODE_ENV !== 'test',
    holdDays: env.HOLD_DAYS,
    conversionBatches: env.CONVERSION_BATCHES,
    fraud: {
      minSeconds: env.FRAUD_MIN_SECONDS,
      maxPerHour: env.FRAUD_MAX_PER_HOUR,
      leaveRate: env.FRAUD_LEAVE_RATE,
      leaveMinSample: env.FRAUD_LEAVE_MIN_SAMPLE,
    },
    qualityMinSample: env.QUALITY_MIN_SAMPLE,
    qualityFloor: env.QUALITY_FLOOR,
    qualityRecheck: { percent: env.QUALITY_RECHECK_PERCENT, perRound: env.QUALITY_RECHECK_PER_ROUND, spacingMs: 50 },
    cryptoPay: env.CRYPTO_PAY_TOKEN
      ? { token: env.CRYPTO_PAY_TOKEN, apiUrl: env.CRYPTO_PAY_API_URL.replace(/\/$/, '') }
      : undefined,
    jobsIntervalMs: env.JOBS_INTERVAL_SECONDS * 1000,
    ledgerCheckIntervalMs: env.LEDGER_CHECK_INTERVAL_MINUTES * 60_000,
    secretsKey: Buffer.from(env.SECRETS_KEY ?? developmentSecret(dataDir, 'secrets-key', 'hex'), 'hex'),
    telegram: {
      token: env.TELEGRAM_BOT_TOKEN,
      apiUrl: env.TELEGRAM_API_URL.replace(/\/$/, ''),
      webhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
      updates:
        env.TELEGRAM_UPDATES ?? (env.NODE_ENV === 'test' ? 'off' : env.TELEGRAM_WEBHOOK_SECRET ? 'webhook' : 'polling'),
      maxPerSecond: env.TELEGRAM_MAX_PER_SECOND,
    },
    moderationAlertMinutes: env.MODERATION_ALERT_MINUTES,
    initDataPublicKey: (
      env.TELEGRAM_INITDATA_PUBLIC_KEY ??
      (env.NODE_ENV === 'production' ? TELEGRAM_PUBLIC_KEY_PRODUCTION : DEV_TEST_PUBLIC_KEY)
    ).toLowerCase(),
    initDataMaxAgeSeconds: env.INIT_DATA_MAX_AGE_SECONDS,
    // Outside production the demo and the simulator send X-Country; production trusts no header unless told.
    countryHeader: (env.COUNTRY_HEADER ?? (env.NODE_ENV === 'production' ? undefined : 'x-country'))?.toLowerCase(),
    showcaseRatePerMinute: env.SHOWCASE_RATE_LIMIT_PER_MINUTE,
    networkFeePercent: env.NETWORK_FEE_PERCENT,
    rewardCallbackMaxAttempts: env.REWARD_CALLBACK_MAX_ATTEMPTS,
    payouts: payoutSettings(env, dataDir),
  };
}

/** The payout settings (docs/payouts.md). */
function payoutSettings(env: Env, dataDir: string): PayoutSettings {
  return {
    network: env.TON_NETWORK,
    toncenter: env.TONCENTER_API_URL
      ? {
          url: env.TONCENTER_API_URL.replace(/\/(api\/v3\/?)?$/, ''),
          apiKey: env.TONCENTER_API_KEY,
          timeoutMs: env.TONCENTER_TIMEOUT_SECONDS * 1000,
          settleSeconds: env.PAYOUT_SETTLE_SECONDS,
        }
      : undefined,
    sandboxChain: env.TON_SANDBOX_URL
      ? {
          url: env.TON_SANDBOX_URL.replace(/\/+$/, ''),
          apiKey: env.TON_SANDBOX_KEY,
          timeoutMs: env.TONCENTER_TIMEOUT_SECONDS * 1000,
        }
      : undefined,
    mnemonic: env.PAYOUT_WALLET_MNEMONIC,
    usdtMaster:
      env.USDT_JETTON_MASTER ??
      (env.TONCENTER_API_URL && env.TON_NETWORK === 'mainnet' ? MAINNET_USDT_MASTER : undefined),
    batchSize: env.PAYOUT_BATCH_SIZE,
    walletTimeout: env.PAYOUT_WALLET_TIMEOUT_SECONDS,
    intervalMs: env.PAYOUT_INTERVAL_SECONDS * 1000,
    autoApproveMax: env.PAYOUT_AUTO_APPROVE_MAX ? parseMoney(env.PAYOUT_AUTO_APPROVE_MAX) : undefined,
    autoApproveMinAgeDays: env.PAYOUT_AUTO_APPROVE_MIN_AGE_DAYS,
    secondApprovalMin: parseMoney(env.PAYOUT_SECOND_APPROVAL_USD),
    newAddressHoldHours: env.PAYOUT_NEW_ADDRESS_HOLD_HOURS,
    maxPerHour: env.PAYOUT_MAX_PER_HOUR_USD ? parseMoney(env.PAYOUT_MAX_PER_HOUR_USD) : undefined,
    maxPerDay: env.PAYOUT_MAX_PER_DAY_USD ? parseMoney(env.PAYOUT_MAX_PER_DAY_USD) : undefined,
    maxRoundShare: env.PAYOUT_MAX_ROUND_SHARE,
    sandboxFunds: { ton: env.PAYOUT_SANDBOX_TON, usdt: env.PAYOUT_SANDBOX_USDT },
    sandboxFile: join(dataDir, 'sandbox-chain.json'),
  };
}

/** Outside production a random secret is generated once and kept in the data folder. */
function developmentSecret(dataDir: string, name: string, encoding: 'hex' | 'base64url'): string {
  const file = resolve(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(encoding === 'hex' ? 32 : 48).toString(encoding);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
