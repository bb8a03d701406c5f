import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../server/modules/campaigns/callbacks.service.ts';
import { renderGuide } from '../../server/modules/docs/docs.http.ts';
import { startTestApp } from '../helpers/app.ts';
import { demoPlatform, newPlayer, start } from '../helpers/campaigns.ts';
import { login } from '../helpers/graphql.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  app = await startTestApp({ demo: true });
});

afterAll(async () => {
  await app?.close();
});

const port = () => new URL(app.url).port;

/** The guide's code blocks of one language, as an integrator copies them. */
const blocks = (origin: string, lang: string) =>
  [...renderGuide(origin).html.matchAll(/<span class="lang">([^<]*)<\/span>.*?<pre><code>([\s\S]*?)<\/code><\/pre>/g)]
    .filter((m) => m[1] === lang)
    .map((m) =>
      m[2]
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&amp;', '&'),
    );

describe('developer documentation', () => {
  it('/api/guide is a rendered page whose examples carry the address the reader used', async () => {
    const res = await fetch(`http://127.0.0.1:${port()}/api/guide`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<h1 id="integration-guide">');
    for (const section of ['Show tasks in your mini app', 'Report a conversion', 'Receive reward callbacks']) {
      expect(html).toContain(section);
    }
    expect(html).toContain(`http://127.0.0.1:${port()}/showcase.js`);
    expect(html).toContain(`http://127.0.0.1:${port()}/api/v1/sdk/events`);
    expect(html).not.toContain('{{origin}}');
    // Script, web component, React and Vue.
    for (const lang of ['html', 'tsx', 'vue']) expect(blocks('http://x', lang).length).toBeGreaterThan(0);
    expect(html).toContain('&lt;taskgram-showcase data-platform-id=');
    // The copy buttons' script is a file of ours (the CSP allows no inline script).
    const script = await fetch(`${app.url}/api/guide/copy.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
  });

  it('/api/reference is Swagger UI over the same OpenAPI document /api/docs keeps for generators', async () => {
    const page = await fetch(`${app.url}/api/reference/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    // Laid out for the screen it is on (a phone is not shown the desktop width).
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const [docs, served] = await Promise.all(
      ['/api/docs', '/api/reference/json'].map(async (p) => (await fetch(`${app.url}${p}`)).json()),
    );
    expect(docs.openapi).toMatch(/^3\./);
    expect(served.paths).toEqual(docs.paths);
    const cfg = await app.api('/v1/auth/config');
    expect(cfg.body.value.docsUrl).toBe('/api/guide');
  });

  it('the guide’s Node.js conversion report works as copied', async () => {
    const token = await login(app, 'advertiser@demo.local');
    const campaigns = (await app.api('/v1/campaigns', { token })).body.value.data as {
      id: number;
      projectId: number;
      name: string;
    }[];
    const campaign = campaigns.find((c) => c.name === 'Farm Hero bot — launch')!;
    const key = (await app.api(`/v1/projects/${campaign.projectId}`, { token })).body.value.secretKey as string;
    const demo = await demoPlatform(app);
    const click = await start(app, demo, { user: newPlayer(), country: 'DE' }, campaign.id);

    const [code] = blocks(app.url, 'js').filter((b) => b.includes('reportConversion'));
    const reportConversion = new Function('process', `${code}\nreturn reportConversion;`)({
      env: { TASKGRAM_API_KEY: key },
    }) as (click: string) => Promise<{ status: string }>;
    expect(await reportConversion(click.code)).toMatchObject({ status: 'COMPLETED' });
    expect(await reportConversion(click.code)).toMatchObject({ status: 'DUPLICATE' });
    await expect(reportConversion('no-such-click')).rejects.toThrow('Click not found');
  });

  it('the guide’s answer table has the server’s own words; its money is what REST answers', async () => {
    const md = renderGuide(app.url).html;
    const post = (headers: Record<string, string>) =>
      app.api('/v1/sdk/events', { body: { type: 'conversion', click: 'no-such-click' }, headers });
    const missing = await post({});
    const wrong = await post({ 'x-api-key': 'not-a-key' });
    for (const answer of [missing, wrong]) {
      expect(answer.status).toBe(401);
      expect(md).toContain(JSON.stringify(answer.body).replaceAll('"', '&quot;'));
    }
    // Money in answers is a JSON number, as the guide says.
    const token = await login(app, 'advertiser@demo.local');
    const campaigns = (await app.api('/v1/campaigns', { token })).body.value.data as { budget: unknown }[];
    expect(typeof campaigns[0].budget).toBe('number');
    expect(md).toContain('Money in answers is a JSON');
    expect(md).not.toContain('Money is a decimal string');
  });

  it('the guide’s signature recipe is the one the callbacks are signed with', () => {
    const body = JSON.stringify({ event: 'conversion', conversionId: 1 });
    const [node] = blocks('http://x', 'js').filter((b) => b.includes('createHmac'));
    expect(node).toContain("'sha256=' + crypto.createHmac('sha256', process.env.TASKGRAM_APP_SECRET)");
    expect(signBody(body, 'secret')).toBe(`sha256=${createHmac('sha256', 'secret').update(body).digest('hex')}`);
  });
});
