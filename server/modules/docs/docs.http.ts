import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { Marked } from 'marked';

const GUIDE_SOURCE = readFileSync(join(import.meta.dirname, 'integration-guide.md'), 'utf8');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The guide's markdown as HTML for one origin, with ids on headings and a table of contents. */
export function renderGuide(origin: string): { html: string; toc: { id: string; text: string }[] } {
  const toc: { id: string; text: string }[] = [];
  const marked = new Marked({
    renderer: {
      heading({ tokens, depth }) {
        const text = this.parser.parseInline(tokens);
        const id = slug(text);
        if (depth === 2) toc.push({ id, text });
        return `<h${depth} id="${id}"><a class="anchor" href="#${id}" aria-hidden="true">#</a>${text}</h${depth}>\n`;
      },
      code({ text, lang }) {
        const label = lang ? `<span class="lang">${escapeHtml(lang)}</span>` : '';
        return `<div class="code">${label}<button type="button" class="copy" aria-label="Copy code">Copy</button><pre><code>${escapeHtml(text)}</code></pre></div>\n`;
      },
      // The guide is ours, but nothing in it needs raw HTML: shown as text if any slips in.
      html({ text }) {
        return escapeHtml(text);
      },
    },
  });
  const html = marked.parse(GUIDE_SOURCE.replaceAll('{{origin}}', origin), { async: false });
  return { html, toc };
}

const STYLE = `:root{color-scheme:light dark;--bg:#f7f8fb;--fg:#111827;--muted:#4b5563;--card:#fff;--line:#e5e7eb;--code:#f3f4f6;--brand:#2563eb}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--fg:#e5e7eb;--muted:#9ca3af;--card:#171a21;--line:#2a2f3a;--code:#1f232c;--brand:#60a5fa}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
a{color:var(--brand)}header{border-bottom:1px solid var(--line);background:var(--card)}
.bar{max-width:1100px;margin:0 auto;padding:12px 20px;display:flex;gap:16px;align-items:center;flex-wrap:wrap}
.bar strong{margin-right:auto}.layout{max-width:1100px;margin:0 auto;padding:24px 20px;display:grid;grid-template-columns:220px minmax(0,1fr);gap:40px}
nav.toc{position:sticky;top:16px;align-self:start;font-size:14px}nav.toc ol{padding-left:18px;margin:8px 0}nav.toc li{margin:6px 0}
main{min-width:0}h1{font-size:32px;line-height:1.2;margin:0 0 16px}h2{margin-top:40px;padding-top:8px;border-top:1px solid var(--line)}h3{margin-top:28px}
.anchor{opacity:0;text-decoration:none;margin-left:-1em;padding-right:.25em}h2:hover .anchor,h3:hover .anchor{opacity:.6}
code{font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);padding:1px 5px;border-radius:4px}
.code{position:relative;margin:12px 0 20px}.code pre{margin:0;background:var(--code);border:1px solid var(--line);border-radius:10px;padding:16px;overflow-x:auto}
.code pre code{background:none;padding:0}.lang{position:absolute;top:6px;left:12px;font-size:11px;color:var(--muted);text-transform:uppercase}
.code pre{padding-top:26px}.copy{position:absolute;top:6px;right:8px;font:12px system-ui;padding:3px 10px;border-radius:6px;border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer}
table{border-collapse:collapse;width:100%;display:block;overflow-x:auto;font-size:14px;margin:12px 0 20px}th,td{border:1px solid var(--line);padding:6px 10px;text-align:left;vertical-align:top}th{background:var(--code)}
@media (max-width:800px){.layout{grid-template-columns:1fr;gap:8px}nav.toc{position:static}h1{font-size:26px}}`;

const COPY_SCRIPT = `document.addEventListener('click', function (e) {
  var b = e.target.closest && e.target.closest('button.copy');
  if (!b) return;
  var code = b.parentElement.querySelector('code').textContent;
  navigator.clipboard.writeText(code).then(function () {
    b.textContent = 'Copied'; setTimeout(function () { b.textContent = 'Copy'; }, 1500);
  }, function () { b.textContent = 'Select and copy'; });
});`;

const REFERENCE_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="280" height="32" viewBox="0 0 280 32">
<rect width="32" height="32" rx="8" fill="#7c3aed"/><text x="16" y="22" font-family="system-ui,sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">T</text>
<text x="42" y="22" font-family="system-ui,sans-serif" font-size="16" font-weight="600" fill="#fff">Taskgram Ads · API reference</text></svg>`;

/** Pages already rendered, by origin: a few at most (PUBLIC_URL, or the addresses in use). */
const rendered = new Map<string, string>();
const RENDERED_MAX = 8;

/** The guide page for `origin`, rendered once per origin (the Host a client sends is bounded here). */
export function guidePage(origin: string): string {
  let page = rendered.get(origin);
  if (!page) {
    page = renderGuidePage(origin);
    if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value as string);
    rendered.set(origin, page);
  }
  return page;
}

function renderGuidePage(origin: string): string {
  const { html, toc } = renderGuide(origin);
  const nav = toc.map((t) => `<li><a href="#${t.id}">${t.text}</a></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Integration guide · Taskgram Ads</title><meta name="description" content="Embed the Taskgram Ads showcase, report conversions server to server and check reward callbacks.">
<style>${STYLE}</style></head><body>
<header><div class="bar"><strong>Taskgram Ads · Developers</strong><a href="/api/guide">Integration guide</a><a href="/api/reference">API reference</a><a href="/">Dashboard</a></div></header>
<div class="layout"><nav class="toc" aria-label="On this page"><strong>On this page</strong><ol>${nav}</ol></nav>
<main>${html}</main></div><script src="/api/guide/copy.js"></script></body></html>`;
}

/**
 * The developer documentation the product serves: the integration guide (`/api/guide`, from
 * integration-guide.md with this server's address in the examples), the rendered API
 * reference (`/api/reference`, Swagger UI over the OpenAPI document) and the OpenAPI JSON
 * itself at its stable address for generators (`/api/docs`).
 */
export async function registerDocs(
  http: FastifyInstance,
  deps: { openApi: Record<string, unknown>; origin: (req: { protocol: string; host: string }) => string },
) {
  http.get('/api/docs', async () => deps.openApi);
  http.get('/api/guide', async (req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(guidePage(deps.origin(req))),
  );
  http.get('/api/guide/copy.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(COPY_SCRIPT),
  );
  await http.register(fastifySwagger, {
    mode: 'static',
    specification: { document: deps.openApi as never },
  });
  // Swagger UI's page has no viewport: a phone would lay it out at desktop width.
  http.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !/^\/api\/reference\/?(\?|$)/.test(request.url)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    return payload.replace(
      '<meta charset="UTF-8">',
      '<meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    );
  });
  await http.register(fastifySwaggerUi, {
    routePrefix: '/api/reference',
    // Our name in the top bar, leading back to the guide; no "explore another URL" box.
    logo: { type: 'image/svg+xml', content: Buffer.from(REFERENCE_LOGO), href: '/api/guide', target: '_self' },
    theme: {
      title: 'API reference · Taskgram Ads',
      css: [{ filename: 'taskgram.css', content: '.swagger-ui .topbar .download-url-wrapper{display:none}' }],
    },
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    staticCSP: false,
  });
}
