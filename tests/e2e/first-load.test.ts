import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app';
import { browserPool } from './browser';

/*
 * The first load's budgets, as bytes and requests rather than time: what the landing
 * page transfers compressed, that public pages come as HTML with no render-blocking script, and
 * that the browser takes them over without an error (hydration matches the HTML, the inline
 * scripts pass the CSP).
 */
const LANDING_BUDGET_BYTES = 60 * 1024;
const PUBLIC_PAGES = ['/', '/login', '/register', '/reset-password', '/privacy-policy', '/user-agreement'];

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers = browserPool(() => app.url);

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true });
});
afterAll(async () => {
  await browsers.closeAll();
  await app?.close();
});

/** The console's errors and the page's uncaught exceptions from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

describe('first load', () => {
  it(`the landing page loads at most ${LANDING_BUDGET_BYTES / 1024} KB compressed, and no script file`, async () => {
    const { page } = await browsers.open({ width: 412, height: 823 });
    const errors = errorsOf(page);
    const responses: { url: string; type: string; bytes: number }[] = [];
    page.on('requestfinished', async (request) => {
      const sizes = await request.sizes();
      responses.push({
        url: request.url(),
        type: request.resourceType(),
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      });
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    // The support contacts come from the server, filled in by the page's own script.
    await expect
      .poll(() => page.getByTestId('support-bot-link').getAttribute('href'), { timeout: 10_000 })
      .toMatch(/^https:\/\/t\.me\//);
    const total = responses.reduce((sum, r) => sum + r.bytes, 0);
    expect(responses.filter((r) => r.type === 'script')).toEqual([]);
    expect(responses.length).toBeLessThanOrEqual(3);
    expect(total).toBeGreaterThan(0);
    expect(total, JSON.stringify(responses)).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
    expect(errors).toEqual([]);
  });

  it('public pages come as HTML with their content, no render-blocking script and no stylesheet to wait for', async () => {
    for (const path of PUBLIC_PAGES) {
      const res = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': 'br' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-encoding'), path).toBe('br');
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      const html = await res.text();
      const root = /<div id="root"[^>]*>([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';
      expect(root.length, `${path}: rendered content`).toBeGreaterThan(2000);
      const head = html.slice(0, html.indexOf('</head>'));
      for (const tag of head.match(/<script\b[^>]*>/g) ?? []) {
        // In the head: inline (no file to wait for) or a module (deferred).
        if (/\bsrc=/.test(tag)) expect(tag, path).toMatch(/type="module"|\basync\b|\bdefer\b/);
      }
      expect(html, path).not.toMatch(/<link[^>]+rel="stylesheet"/);
      expect(html, path).not.toMatch(/<script\b(?![^>]*type="module")[^>]*\bsrc=/);
    }
    // Every other path is the app's shell: the signed-in layout's frame (the logo, skeletons),
    // which the app replaces with what it renders (no data-prerendered: nothing to take over).
    const shell = await (await fetch(`${app.url}/advertiser/projects`)).text();
    const frame = /<div id="root">([\s\S]*)<\/div>/.exec(shell)?.[1] ?? '';
    expect(frame).toContain('<header');
    expect(frame).toContain('Taskgram');
    expect(shell).not.toContain('data-prerendered');
  });

  it('the stored theme is there from the first paint; the toggle and the sections menu work without the app', async () => {
    const { page, context } = await browsers.open({ width: 412, height: 823 });
    const errors = errorsOf(page);
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/');
    // Read at the first paint's moment: before the page's own (last) script ran.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const toggle = page.getByTestId('theme-toggle');
    await expect.poll(() => toggle.getAttribute('aria-label')).toBe('Theme: dark. Switch to system');
    await toggle.click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    await toggle.click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('light'))).toBe(true);

    const menu = page.getByTestId('landing-sections-menu');
    await menu.click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'FAQ' }).click();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#faq');
    expect(errors).toEqual([]);
  });

  it('sign-in runs the app at the first interaction, keeps what was typed before it, and sends a visitor with a session on', async () => {
    const { page } = await browsers.open();
    const errors = errorsOf(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    // Loaded and untouched: the app's code is fetched (once the page is idle after its load event,
    // within a second: on a busy machine after "networkidle") but has not run; the form's button
    // is there to press (a form sent before the app runs is held for it).
    await expect.poll(() => scripts.find((p) => /^\/assets\/index-[\w-]+\.js$/.test(p))).toBeTruthy();
    const reactRoot = () =>
      page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__react')));
    expect(await reactRoot()).toBe(false);
    expect(await submit.isEnabled()).toBe(true);
    // The first focus starts it; what was typed meanwhile stays in the form.
    await page.getByLabel('E-mail').fill('advertiser@demo.local');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    // (Evaluating the app's code is not what this measures: a slow machine gets time.)
    await expect.poll(reactRoot, { timeout: 20_000 }).toBe(true);
    expect(await page.getByLabel('E-mail').inputValue()).toBe('advertiser@demo.local');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('demo1234');
    await submit.click();
    await page.waitForURL('**/advertiser/projects');
    await page.getByRole('heading', { name: 'My Projects' }).waitFor({ state: 'visible' });
    // Signed in, the landing page sends the visitor on before it paints; sign-in starts the app
    // at once, whose guard does the same.
    await page.goto('/');
    await page.waitForURL('**/advertiser/projects');
    await page.goto('/login');
    await page.waitForURL('**/advertiser/projects');
    for (const path of ['/register', '/privacy-policy']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
  });

  for (const [path, field, api, after] of [
    ['/login', 'Password', '/api/v1/auth/login', 'My Projects'],
    ['/reset-password', 'E-mail', '/api/v1/auth/reset-password', 'Check your inbox'],
  ] as const) {
    it(`${path}: filled as a password manager does and Enter pressed at once, before the app runs, is sent once`, async () => {
      const { page } = await browsers.open();
      const errors = errorsOf(page);
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === api) sent.push(r.url());
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      // The values come without a key or an event (autofill); the Enter is the first interaction.
      await page.evaluate(() => {
        const set = (label: string, value: string) => {
          const input = [...document.querySelectorAll('label')]
            .find((l) => l.textContent?.trim().startsWith(label))
            ?.closest('[role=group], div')
            ?.querySelector('input');
          if (input) input.value = value;
        };
        set('E-mail', 'advertiser@demo.local');
        set('Password', 'demo1234');
      });
      expect(await page.getByLabel('E-mail').inputValue()).toBe('advertiser@demo.local');
      await page.getByLabel(field, { exact: true }).press('Enter');
      await page.getByText(after).first().waitFor({ state: 'visible', timeout: 30_000 });
      expect(new URL(page.url()).search).toBe('');
      expect(sent).toHaveLength(1);
      expect(errors).toEqual([]);
    });
  }

  it('a first visit follows a dark OS setting from the first paint, on the static pages and the app', async () => {
    const { page } = await browsers.open();
    const errors = errorsOf(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const path of ['/', '/login', '/privacy-policy']) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), path).toBe(true);
      expect(await page.evaluate(() => document.documentElement.dataset.themeChoice), path).toBe('system');
    }
    // Once the app runs (the first focus on sign-in), it keeps to the OS setting.
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByLabel('E-mail').focus();
    await expect
      .poll(() => page.getByTestId('theme-toggle').getAttribute('aria-label'))
      .toBe('Theme: system. Switch to light');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('sign-in before its app runs: the theme button names the stored choice, and a first tap on it is not lost', async () => {
    const { page, context } = await browsers.open({ width: 412, height: 823 });
    const errors = errorsOf(page);
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('theme', 'dark');
      }
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.dataset.themeChoice)).toBe('dark');
    // The HTML's button, shown by CSS for the stored choice: its name is that choice's.
    const toggle = page.getByRole('button', { name: 'Theme: dark. Switch to system', exact: true });
    expect(await toggle.count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Theme: (light|system)/ }).count()).toBe(0);
    // The first tap starts the app and is pressed again once the app has the page.
    await toggle.click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme')), { timeout: 20_000 }).toBe('system');
    await expect
      .poll(() => page.getByTestId('theme-toggle').getAttribute('aria-label'))
      .toBe('Theme: system. Switch to light');
    expect(errors).toEqual([]);
  });

  it("a signed-in page's first data is asked for while the page's code is still on its way (route loaders)", async () => {
    const login = await app.api('/v1/auth/login', { body: { email: 'publisher@demo.local', password: 'demo1234' } });
    const token = login.body.value.accessToken as string;
    const { page, context } = await browsers.open();
    await context.addInitScript((t) => localStorage.setItem('accessToken', t), token);
    const operations: string[] = [];
    page.on('request', (r) => {
      const name = r.url().endsWith('/graphql') && r.method() === 'POST' ? r.postDataJSON()?.operationName : null;
      if (name) operations.push(name);
    });
    // The page's chunk is held back until the layout's and the page's queries have gone out (or
    // 15 s have passed); what had gone out by then is what the route loaders asked for.
    const first = ['LayoutMe', 'PublisherStatistics'];
    let beforeCode: string[] | undefined;
    await page.route(/\/assets\/StatisticsPage-[\w-]+\.js$/, async (route) => {
      const until = Date.now() + 15_000;
      while (!first.every((o) => operations.includes(o)) && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
      }
      beforeCode ??= [...operations];
      await route.continue();
    });
    await page.goto('/publisher/statistics');
    await page.getByTestId('statistics-table').waitFor({ state: 'visible', timeout: 30_000 });
    expect(beforeCode).toEqual(expect.arrayContaining(first));
    await expect.poll(() => page.getByTestId('today-conversions').textContent(), { timeout: 15_000 }).toMatch(/^\d+$/);
  });

  it('a signed-in page loads its code in a few files: the entry, its packages, the dashboard and the page', async () => {
    const login = await app.api('/v1/auth/login', { body: { email: 'advertiser@demo.local', password: 'demo1234' } });
    const { page, context } = await browsers.open({ width: 412, height: 823 });
    await context.addInitScript((t) => localStorage.setItem('accessToken', t), login.body.value.accessToken as string);
    const errors = errorsOf(page);
    const scripts: string[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/advertiser/projects');
    await page.getByTestId('project-card').first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    // Files that load later on their own (a dialog's code, the server messages' table: loaded when
    // idle) are not the first screen's.
    const firstScreen = scripts.filter((s) => !/Dialog|Modals|Fields|forms-|serverMessages-/.test(s));
    expect(firstScreen.length, firstScreen.join(' ')).toBeGreaterThan(0);
    expect(firstScreen.length, firstScreen.join(' ')).toBeLessThanOrEqual(8);
    expect(errors).toEqual([]);
  });
});
