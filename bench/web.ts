/**
 * First load on a phone: Lighthouse's mobile preset (Moto G Power, slow 4G, 4× CPU
 * slowdown, simulated) with Debian's Chromium against the product's own server, no proxy.
 *
 *   npm run bench:web -- [--runs 3] [--pages landing,policy,login,login-fa,projects,campaign,statistics,swaps,moderation]
 *       [--no-build] [--keep] [--reports <dir>]
 *
 * Builds (`npm run build`, unless --no-build), starts the built server (dist/server/main.js, as
 * `npm start` does) on a throwaway database with the demo data, and runs Lighthouse `--runs`
 * times per page, each in a new Chromium with an empty profile (a first visit: nothing cached).
 * Signed-in pages get the demo account's token in localStorage first (set on /healthz, which
 * loads nothing else) and keep it (Lighthouse's storage reset off). Prints, per page, the median
 * of the runs of the four category scores and FCP, LCP, TBT, CLS and bytes transferred, and
 * checks them against the issue's targets.
 *
 * Needs DATABASE_URL (a PostgreSQL server on this machine): creates bench_web_<random> and drops
 * it at the end (unless --keep). --reports keeps each run's Lighthouse report (JSON, <page>-<run>.json)
 * for the profile: the LCP element, layout shifts, long tasks, request chains. CHROMIUM_PATH points at the browser (default /usr/bin/chromium).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { adminQuery, api, dbUrl, freePort, run } from './common.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../tests/e2e/chromium.ts';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reports: { type: 'string' },
  },
});
const RUNS = Number(flags.runs);
if (!Number.isSafeInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive integer, got ${flags.runs}`);
if (!existsSync(CHROMIUM)) {
  console.error(
    `No Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH to its path.`,
  );
  process.exit(2);
}
const DEMO_PASSWORD = 'demo1234';

interface Page {
  key: string;
  name: string;
  path: string;
  /** The demo account signed in, for a dashboard page. */
  account?: string;
}
const PAGES: Page[] = [
  { key: 'landing', name: 'landing', path: '/' },
  // The landing page in the longest of the other languages, and in one right to left.
  { key: 'landing-ru', name: 'landing (ru)', path: '/ru/' },
  { key: 'landing-fa', name: 'landing (fa)', path: '/fa/' },
  // The FAQ is the landing page's last section (its link opens /#faq, the same load): the
  // public pages' other kind, a policy page, is measured in its place.
  { key: 'policy', name: 'privacy policy', path: '/privacy-policy' },
  { key: 'login', name: 'sign-in', path: '/login' },
  // Sign-in in a language of its own: its HTML in Persian, right to left.
  { key: 'login-fa', name: 'sign-in (fa)', path: '/fa/login' },
  { key: 'projects', name: 'advertiser: Projects', path: '/advertiser/projects', account: 'advertiser@demo.local' },
  { key: 'campaign', name: 'advertiser: Campaign', path: '/advertiser/campaign', account: 'advertiser@demo.local' },
  { key: 'statistics', name: 'publisher: Statistics', path: '/publisher/statistics', account: 'publisher@demo.local' },
  { key: 'swaps', name: 'Exchange: swaps', path: '/exchange/swaps', account: 'publisher@demo.local' },
  { key: 'moderation', name: 'moderation queue', path: '/moderation', account: 'moderator@demo.local' },
];
const chosen = flags.pages ? flags.pages.split(',').map((k) => k.trim()) : PAGES.map((p) => p.key);
for (const k of chosen) if (!PAGES.some((p) => p.key === k)) throw new Error(`--pages: no page ${k}`);
const pages = PAGES.filter((p) => chosen.includes(p.key));

/** The issue's targets: public pages, and signed-in pages. */
const TARGETS = {
  public: { performance: 95, lcp: 2000, tbt: 150, cls: 0.02, accessibility: 100, bestPractices: 100, seo: 100 },
  signedIn: { performance: 80, lcp: 3000, tbt: 300, cls: 0.05, accessibility: 100, bestPractices: 100, seo: 0 },
};

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error(
    'DATABASE_URL is not set: point it at a local PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres',
  );
  process.exit(2);
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

async function startServer(databaseUrl: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DEMO_SEED: '1',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRETS_KEY: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (d: Buffer) => log.push(...d.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const until = performance.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log.slice(-40).join('\n')}`);
    if (performance.now() > until) throw new Error(`the server did not answer:\n${log.slice(-40).join('\n')}`);
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One Lighthouse run of `page` in a new Chromium with an empty profile. */
async function measure(base: string, page: Page, token: string | undefined, run: number): Promise<Figures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    if (token) {
      // The session as the app keeps it, set on a page that loads nothing (the cache stays empty).
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const tab = await browser.contexts()[0].newPage();
      await tab.goto(`${base}/healthz`);
      await tab.evaluate((t) => localStorage.setItem('accessToken', t), token);
      await tab.close();
      await browser.close();
    }
    const result = await lighthouse(`${base}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: !!token,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
    const { lhr } = result;
    if (flags.reports) {
      mkdirSync(flags.reports, { recursive: true });
      writeFileSync(join(flags.reports, `${page.key}-${run + 1}.json`), result.report as string);
    }
    if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (lhr.categories.performance?.score == null) {
      throw new Error(`${page.path}: no performance score (${lhr.runWarnings.join('; ') || 'no warning'})`);
    }
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    const value = (k: string) => lhr.audits[k]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      bytes: value('total-byte-weight'),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (!flags['no-build']) {
  console.log('building (npm run build) …');
  const built = await run('npm', ['run', 'build'], process.env);
  if (built.code !== 0) throw new Error(`npm run build failed:\n${built.out.slice(-3000)}`);
}

const dbName = `bench_web_${randomBytes(4).toString('hex')}`;
await adminQuery(adminUrl, `create database ${dbName}`);
const server = await startServer(dbUrl(adminUrl, dbName));
const rows: { page: Page; figures: Figures }[] = [];
try {
  console.log(`server at ${server.base}; Lighthouse mobile preset, ${RUNS} run(s) per page, median`);
  const tokens = new Map<string, string>();
  for (const page of pages) {
    let token: string | undefined;
    if (page.account) {
      token = tokens.get(page.account);
      if (!token) {
        const signedIn = await api(server.base, 'POST', '/v1/auth/login', {
          body: { email: page.account, password: DEMO_PASSWORD },
        });
        token = signedIn.accessToken as string;
        tokens.set(page.account, token);
      }
    }
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Lighthouse sometimes loses the trace's start (NO_NAVSTART, "run Lighthouse again"): once more.
      runs.push(
        await measure(server.base, page, token, i).catch((error: Error) => {
          if (!/NO_NAVSTART/.test(error.message)) throw error;
          console.log(`  ${page.name}: ${error.message.slice(0, 60)}…; again`);
          return measure(server.base, page, token, i);
        }),
      );
    }
    const figures = Object.fromEntries(
      Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k as keyof Figures]))]),
    ) as unknown as Figures;
    rows.push({ page, figures });
    console.log(
      `  ${page.name}: performance ${runs.map((r) => r.performance).join(' / ')}, LCP ${runs.map((r) => Math.round(r.lcp)).join(' / ')} ms`,
    );
  }
} finally {
  await server.stop();
  if (!flags.keep) await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const header =
  '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | bytes | targets |';
const lines = [header, '|---|---|---|---|---|---|---|---|---|---|---|'];
let missed = 0;
for (const { page, figures: f } of rows) {
  const t = page.account ? TARGETS.signedIn : TARGETS.public;
  const misses = [
    f.performance < t.performance && `performance < ${t.performance}`,
    f.lcp > t.lcp && `LCP > ${s(t.lcp)}`,
    f.tbt > t.tbt && `TBT > ${t.tbt} ms`,
    f.cls > t.cls && `CLS > ${t.cls}`,
    f.accessibility < t.accessibility && `accessibility < ${t.accessibility}`,
    f.bestPractices < t.bestPractices && `best practices < ${t.bestPractices}`,
    f.seo < t.seo && `SEO < ${t.seo}`,
  ].filter(Boolean);
  missed += misses.length ? 1 : 0;
  lines.push(
    `| ${page.name} (${page.path}) | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${page.account ? '–' : f.seo} | ${s(f.fcp)} | ${s(f.lcp)} | ${Math.round(f.tbt)} ms | ${f.cls.toFixed(3)} | ${Math.round(f.bytes / 1024)} KiB | ${misses.length ? `not met: ${misses.join(', ')}` : 'met'} |`,
  );
}
console.log(`\n${lines.join('\n')}\n`);
console.log(`${rows.length - missed} of ${rows.length} pages meet their targets`);
