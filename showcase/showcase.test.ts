import { gzipSync } from 'node:zlib';
// The embeddable showcase in jsdom against a small HTTP server speaking the public showcase
// API of the showcase contract (the real server's side is tested with the server).
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showcaseScript } from '../server/modules/showcase/script.ts';
import { defineShowcaseElement } from './element.ts';
import { CATALOGS } from './i18n/index.ts';
import { type ShowcaseInstance, type ShowcaseOptions, type ShowcaseTask, init } from './showcase.ts';

const INIT_DATA = 'query_id=AAE&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Ann%22%7D&auth_date=1700000000&hash=abc';

interface Recorded {
  method: string;
  path: string;
  authorization: string | undefined;
  country: string | undefined;
  body: any;
}

/** What the fake answers; tests change it. `check` answers are taken in order, the last repeats. */
interface FakeState {
  status: number;
  error: string | null;
  isDarkTheme: boolean;
  tasks: ShowcaseTask[];
  links: Record<string, string>;
  check: Array<{ status: 'COMPLETED' | 'PENDING'; awards: any[]; message?: string }>;
  startError: { status: number; error: string } | null;
  reportError: { status: number; error: string } | null;
}

const coins = { title: 'Coins', logo: '/media/coin.png', value: 10 };
const gems = { title: 'Gems', logo: 'https://cdn.example/gem.png', value: 2 };

function freshState(): FakeState {
  return {
    status: 200,
    error: null,
    isDarkTheme: true,
    tasks: [
      {
        campaignId: 11,
        taskType: 'CHANNEL',
        title: 'Crypto News',
        logo: '/media/news.png',
        awards: [coins, gems],
        status: 'AVAILABLE',
      },
      { campaignId: 12, taskType: 'BOT', title: 'Farm Bot', logo: '', awards: [coins], status: 'AVAILABLE' },
      {
        campaignId: 13,
        taskType: 'SMART_LINK',
        title: 'Visit the shop',
        logo: '/media/shop.png',
        awards: [coins],
        status: 'STARTED',
      },
    ],
    links: {
      '11': 'https://t.me/+invite123',
      '12': 'https://t.me/farm_bot?start=c12',
      '13': '', // filled with the fake's own visit URL
    },
    check: [{ status: 'PENDING', awards: [], message: 'Join the channel first' }],
    startError: null,
    reportError: null,
  };
}

let server: Server;
let base: string;
let state: FakeState;
let requests: Recorded[] = [];

function send(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(payload));
}

async function readBody(req: IncomingMessage): Promise<any> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const path = req.url ?? '';
  const body = await readBody(req);
  requests.push({
    method: req.method ?? '',
    path,
    authorization: req.headers.authorization,
    country: req.headers['x-country'] as string | undefined,
    body,
  });
  if (path === '/showcase.js') {
    const script = await showcaseScript();
    res.writeHead(200, { 'content-type': 'application/javascript', etag: script.etag });
    return res.end(script.body);
  }
  const lang = /^\/showcase\/i18n\/(\w+)\.json$/.exec(path);
  if (lang) return send(res, CATALOGS[lang[1]] ? 200 : 404, CATALOGS[lang[1]] ?? { error: 'No such language' });
  const m = /^\/api\/v1\/showcase\/platforms\/([^/?]+)(\/[^?]*)?(\?debug=true)?$/.exec(path);
  if (!m) return send(res, 404, { error: 'Not found' });
  const rest = m[2] ?? '';
  // As the server: debug mode's list also answers without initData (a test player).
  const debugList = req.method === 'GET' && rest === '' && m[3] && !req.headers.authorization?.slice(4).trim();
  if (req.headers.authorization !== `tma ${INIT_DATA}` && !debugList)
    return send(res, 401, { error: 'initData signature is invalid' });
  if (req.method === 'GET' && rest === '' && m[3]) {
    return send(res, 200, {
      value: {
        platform: { id: m[1], title: 'Farm Game', logo: '/media/app.png', isDarkTheme: false },
        player: { id: '42', firstName: 'Ann' },
        debug: true,
        tasks: [
          { campaignId: 'debug', taskType: 'BOT', title: 'Test task', logo: '', awards: [coins], status: 'AVAILABLE' },
        ],
      },
    });
  }
  if (req.method === 'GET' && rest === '') {
    if (state.error) return send(res, state.status, { error: state.error });
    return send(res, 200, {
      value: {
        platform: { id: m[1], title: 'Farm Game', logo: '/media/app.png', isDarkTheme: state.isDarkTheme },
        player: { id: '42', firstName: 'Ann' },
        tasks: state.tasks,
      },
    });
  }
  const task = /^\/tasks\/([^/]+)\/(start|check)$/.exec(rest);
  if (req.method === 'POST' && task) {
    const [, campaignId, action] = task;
    if (action === 'start') {
      if (state.startError) return send(res, state.startError.status, { error: state.startError.error });
      const link = state.links[campaignId] || `${base}/api/v1/showcase/visit/c${campaignId}`;
      const t = state.tasks.find((x) => String(x.campaignId) === campaignId)!;
      return send(res, 200, { value: { clickId: `c${campaignId}`, link, taskType: t.taskType, status: 'STARTED' } });
    }
    const answer = state.check.length > 1 ? state.check.shift()! : state.check[0];
    return send(res, 200, { value: answer });
  }
  if (req.method === 'POST' && rest === '/reports') {
    if (state.reportError) return send(res, state.reportError.status, { error: state.reportError.error });
    return send(res, 201, { value: { id: 'r1' } });
  }
  return send(res, 404, { error: 'Not found' });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch((e) => send(res, 500, { error: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const mounted: ShowcaseInstance[] = [];

beforeEach(() => {
  state = freshState();
  requests = [];
});

afterEach(() => {
  for (const instance of mounted.splice(0)) instance.destroy();
  document.body.replaceChildren();
  delete window.Telegram;
  delete (window as { Showcase?: unknown }).Showcase;
  vi.restoreAllMocks();
});

/** Mounts a showcase; returns the element inside its shadow root that holds everything. */
function mount(opts: Partial<ShowcaseOptions> = {}) {
  const container = document.createElement('div');
  container.id = 'taskgram-showcase';
  document.body.append(container);
  const events = {
    onLoad: vi.fn(),
    onStartTask: vi.fn(),
    onFinishTask: vi.fn(),
  };
  const instance = init({ platformId: 7, container, apiBase: base, initData: INIT_DATA, ...events, ...opts });
  mounted.push(instance);
  const host = container.querySelector('[data-showcase]') as HTMLElement;
  const root = host.shadowRoot!.querySelector('.tgs') as HTMLElement;
  return { instance, container, host, root, events, ui: within(root) };
}

function taskItem(root: HTMLElement, campaignId: string): HTMLElement {
  const li = root.querySelector<HTMLElement>(`li[data-campaign-id="${campaignId}"]`);
  if (!li) throw new Error(`no task ${campaignId}`);
  return li;
}

describe('showcase', () => {
  it('renders the tasks with their type, awards and logos in the platform theme', async () => {
    const { root, ui, host, events } = mount({ country: 'DE' });
    expect(ui.getByRole('status')).toHaveTextContent('Loading tasks…');

    expect(await ui.findByText('Crypto News')).toBeInTheDocument();
    expect(root).toHaveAttribute('data-theme', 'dark');
    expect(root.classList.contains('dark')).toBe(true);

    const news = within(taskItem(root, '11'));
    expect(news.getByText('Channel')).toBeInTheDocument();
    expect(news.getByText('+10 Coins')).toBeInTheDocument();
    expect(news.getByText('+2 Gems')).toBeInTheDocument();
    // Server paths resolve against the server, not the host page.
    const images = [...taskItem(root, '11').querySelectorAll('img')].map((i) => i.getAttribute('src'));
    expect(images).toEqual([`${base}/media/news.png`, `${base}/media/coin.png`, 'https://cdn.example/gem.png']);
    expect(news.getByRole('button', { name: 'Start' })).toHaveAccessibleDescription('Crypto News');

    expect(within(taskItem(root, '12')).getByText('Start Bot')).toBeInTheDocument();
    const shop = within(taskItem(root, '13'));
    expect(shop.getByText('Visit Link')).toBeInTheDocument();
    // Started before: it can be checked or opened again.
    expect(shop.getByRole('button', { name: 'Check' })).toBeInTheDocument();
    expect(shop.getByRole('button', { name: 'Open again' })).toBeVisible();

    // Styles live in the shadow root only.
    expect(host.shadowRoot!.querySelector('style')?.textContent).toContain('prefers-reduced-motion');
    expect(document.head.querySelector('style')).toBeNull();

    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/showcase/platforms/7',
      authorization: `tma ${INIT_DATA}`,
      country: 'DE',
    });
    expect(events.onLoad).toHaveBeenCalledTimes(1);
    expect(events.onLoad.mock.calls[0][0].tasks.map((t: ShowcaseTask) => t.campaignId)).toEqual([11, 12, 13]);
  });

  it('uses the light palette for a light platform and shows server text as text', async () => {
    state.isDarkTheme = false;
    state.tasks = [{ ...state.tasks[0], title: '<img src=x onerror="window.__xss=1">' }];
    const { root, ui } = mount();
    expect(await ui.findByText('<img src=x onerror="window.__xss=1">')).toBeInTheDocument();
    expect(root).toHaveAttribute('data-theme', 'light');
    expect(root.querySelectorAll('img[src="x"]')).toHaveLength(0);
  });

  it('starts a channel task: opens the t.me link in Telegram, calls onStartTask, then offers Check', async () => {
    const openTelegramLink = vi.fn();
    const openLink = vi.fn();
    window.Telegram = { WebApp: { initData: INIT_DATA, openTelegramLink, openLink } };
    const { root, ui, events } = mount({ initData: undefined });
    await ui.findByText('Crypto News');
    const news = within(taskItem(root, '11'));

    await userEvent.click(news.getByRole('button', { name: 'Start' }));
    expect(await news.findByRole('button', { name: 'Check' })).toBeEnabled();
    expect(openTelegramLink).toHaveBeenCalledWith('https://t.me/+invite123');
    expect(openLink).not.toHaveBeenCalled();
    expect(events.onStartTask).toHaveBeenCalledTimes(1);
    expect(events.onStartTask.mock.calls[0][0]).toMatchObject({ campaignId: 11, status: 'STARTED' });
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/v1/showcase/platforms/7/tasks/11/start',
      authorization: `tma ${INIT_DATA}`,
    });
    expect(news.getByText('Complete the task, then press Check.')).toBeInTheDocument();
  });

  it('opens other links with Telegram.WebApp.openLink, and with window.open outside Telegram', async () => {
    const openLink = vi.fn();
    window.Telegram = { WebApp: { initData: INIT_DATA, openTelegramLink: vi.fn(), openLink } };
    const first = mount();
    await first.ui.findByText('Visit the shop');
    await userEvent.click(within(taskItem(first.root, '13')).getByRole('button', { name: 'Open again' }));
    await waitFor(() => expect(openLink).toHaveBeenCalledWith(`${base}/api/v1/showcase/visit/c13`));
    // The task was started before this session: reopening it is not a new start.
    expect(first.events.onStartTask).not.toHaveBeenCalled();
    first.instance.destroy();

    delete window.Telegram;
    const tab = { opener: {} };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const second = mount();
    await second.ui.findByText('Farm Bot');
    await userEvent.click(within(taskItem(second.root, '12')).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://t.me/farm_bot?start=c12', '_blank'));
    expect(tab.opener).toBeNull();
    expect(second.events.onStartTask).toHaveBeenCalledWith(expect.objectContaining({ campaignId: 12 }));

    // A blocked tab leaves a link to open by hand.
    open.mockReturnValue(null);
    await userEvent.click(within(taskItem(second.root, '11')).getByRole('button', { name: 'Start' }));
    const link = await within(taskItem(second.root, '11')).findByRole('link', { name: 'Open the task' });
    expect(link).toHaveAttribute('href', 'https://t.me/+invite123');
  });

  it("checks a task: PENDING shows the server's message or 'Not completed yet', COMPLETED calls onFinishTask", async () => {
    vi.spyOn(window, 'open').mockReturnValue({} as Window);
    state.check = [
      { status: 'PENDING', awards: [], message: 'Join the channel first' },
      { status: 'PENDING', awards: [] },
      { status: 'COMPLETED', awards: [coins, gems] },
    ];
    const { root, ui, events } = mount();
    await ui.findByText('Crypto News');
    const item = taskItem(root, '11');
    const news = within(item);
    await userEvent.click(news.getByRole('button', { name: 'Start' }));
    const check = await news.findByRole('button', { name: 'Check' });

    await userEvent.click(check);
    expect(await news.findByText('Join the channel first')).toBeInTheDocument();
    await userEvent.click(news.getByRole('button', { name: 'Check' }));
    expect(await news.findByText('Not completed yet')).toBeInTheDocument();
    expect(events.onFinishTask).not.toHaveBeenCalled();

    await userEvent.click(news.getByRole('button', { name: 'Check' }));
    expect(await news.findByText('Done! +10 Coins, +2 Gems')).toBeInTheDocument();
    expect(news.getByRole('button', { name: 'Done' })).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveAttribute('data-status', 'COMPLETED');
    expect(news.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(events.onFinishTask).toHaveBeenCalledTimes(1);
    const [task, awards] = events.onFinishTask.mock.calls[0];
    expect(task).toMatchObject({ campaignId: 11, status: 'COMPLETED' });
    expect(awards).toEqual([coins, gems]);
    expect(requests.filter((r) => r.path.endsWith('/tasks/11/check'))).toHaveLength(3);
  });

  it('checks a channel task by itself when the player comes back to the page', async () => {
    window.Telegram = { WebApp: { initData: INIT_DATA, openTelegramLink: vi.fn() } };
    state.check = [
      { status: 'PENDING', awards: [] },
      { status: 'COMPLETED', awards: [coins] },
    ];
    const { root, ui, events } = mount();
    await ui.findByText('Crypto News');
    const news = within(taskItem(root, '11'));
    await userEvent.click(news.getByRole('button', { name: 'Start' }));
    await news.findByRole('button', { name: 'Check' });

    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(events.onFinishTask).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(news.getByText('Done! +10 Coins')).toBeInTheDocument();
    expect(requests.filter((r) => r.path.endsWith('/check'))).toHaveLength(2);
    // Nothing more once it is done.
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((r) => setTimeout(r, 400));
    expect(requests.filter((r) => r.path.endsWith('/check'))).toHaveLength(2);
  });

  it('shows the error of a start that the server refuses', async () => {
    state.startError = { status: 409, error: 'This task is not available right now' };
    const { root, ui, events } = mount();
    await ui.findByText('Farm Bot');
    const bot = within(taskItem(root, '12'));
    await userEvent.click(bot.getByRole('button', { name: 'Start' }));
    expect(await bot.findByText('This task is not available right now')).toBeInTheDocument();
    expect(bot.getByRole('button', { name: 'Start' })).toBeEnabled();
    expect(events.onStartTask).not.toHaveBeenCalled();
  });

  it('reports a task: reason, optional text, thanks', async () => {
    const { root, ui } = mount();
    await ui.findByText('Farm Bot');
    const item = taskItem(root, '12');
    const bot = within(item);
    const user = userEvent.setup();

    await user.click(bot.getByRole('button', { name: 'Report' }));
    const form = bot.getByRole('form', { name: 'Report “Farm Bot”' });
    const reason = within(form).getByLabelText('Reason') as HTMLSelectElement;
    expect([...reason.options].map((o) => o.textContent)).toEqual([
      'Not rewarded',
      'Task broken',
      'Inappropriate',
      'Other',
    ]);
    expect((item.getRootNode() as ShadowRoot).activeElement).toBe(reason);
    // Cancel closes it; Report opens it again.
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(bot.queryByRole('form')).toBeNull();
    await user.click(bot.getByRole('button', { name: 'Report' }));

    state.reportError = { status: 429, error: 'Too many requests, try again in a minute' };
    await user.selectOptions(bot.getByLabelText('Reason'), 'Task broken');
    await user.type(bot.getByLabelText('Details (optional)'), '  The bot does not answer  ');
    await user.click(bot.getByRole('button', { name: 'Send' }));
    expect(await bot.findByText('Too many requests, try again in a minute')).toBeInTheDocument();

    state.reportError = null;
    await user.click(bot.getByRole('button', { name: 'Send' }));
    expect(await bot.findByText('Thanks, we will look into it')).toBeInTheDocument();
    expect(bot.queryByRole('form')).toBeNull();
    expect(bot.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/v1/showcase/platforms/7/reports',
      body: { campaignId: 12, reason: 'BROKEN', text: 'The bot does not answer' },
    });

    // Without text the field is left out.
    await user.click(within(taskItem(root, '11')).getByRole('button', { name: 'Report' }));
    await user.click(within(taskItem(root, '11')).getByRole('button', { name: 'Send' }));
    await within(taskItem(root, '11')).findByText('Thanks, we will look into it');
    expect(requests.at(-1)?.body).toEqual({ campaignId: 11, reason: 'NOT_REWARDED' });
  });

  it("shows the server's error with Retry, and loads on retry; onLoad once", async () => {
    state.status = 404;
    state.error = 'Platform not found';
    const { ui, events } = mount();
    const alert = await ui.findByRole('alert');
    expect(alert).toHaveTextContent('Platform not found');
    expect(events.onLoad).not.toHaveBeenCalled();

    state.error = null;
    await userEvent.click(ui.getByRole('button', { name: 'Retry' }));
    expect(await ui.findByText('Crypto News')).toBeInTheDocument();
    expect(events.onLoad).toHaveBeenCalledTimes(1);
  });

  it('says why when there is no initData, and when the server cannot be reached', async () => {
    const noTelegram = mount({ initData: undefined });
    expect(await noTelegram.ui.findByRole('alert')).toHaveTextContent('Open this app in Telegram to see the tasks');
    expect(requests).toHaveLength(0);
    noTelegram.instance.destroy();

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadBase = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const offline = mount({ apiBase: deadBase });
    expect(await offline.ui.findByRole('alert')).toHaveTextContent('Network error, try again later');
    expect(offline.ui.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("shows 'No tasks right now' when there are none", async () => {
    state.tasks = [];
    const { ui, events } = mount();
    expect(await ui.findByText('No tasks right now')).toBeInTheDocument();
    expect(events.onLoad).toHaveBeenCalledWith(expect.objectContaining({ tasks: [] }));
  });

  it('takes a selector, replaces an earlier showcase in the same container, and cleans up on destroy', async () => {
    const { container } = mount();
    const again = init({ platformId: '7', container: '#taskgram-showcase', apiBase: base, initData: INIT_DATA });
    mounted.push(again);
    expect(container.querySelectorAll('[data-showcase]')).toHaveLength(1);
    again.destroy();
    expect(container.querySelectorAll('[data-showcase]')).toHaveLength(0);
    expect(() => init({ platformId: 7, container: '#nowhere' })).toThrow('container #nowhere was not found');
    expect(() => init({ platformId: '', container })).toThrow('platformId is required');
  });

  it('built script: window.Showcase.init talks to the server it was loaded from', async () => {
    const script = await showcaseScript();
    expect(script.etag).toMatch(/^"[\w-]{20,}"$/);
    // The whole script under 12 KB gzip (other languages load on demand).
    expect(gzipSync(script.body).length).toBeLessThan(12 * 1024);

    // Run it as the browser would run <script src="<server>/showcase.js">.
    const tag = document.createElement('script');
    tag.src = `${base}/showcase.js`;
    Object.defineProperty(document, 'currentScript', { value: tag, configurable: true });
    try {
      // Runs in the global scope, as a classic <script> does.
      new Function(script.body)();
    } finally {
      delete (document as { currentScript?: unknown }).currentScript;
    }
    expect(typeof window.Showcase?.init).toBe('function');

    const container = document.createElement('div');
    document.body.append(container);
    const onLoad = vi.fn();
    mounted.push(window.Showcase!.init({ platformId: 7, container, initData: INIT_DATA, onLoad }));
    await waitFor(() => expect(onLoad).toHaveBeenCalledTimes(1));
    const root = container.querySelector('[data-showcase]')!.shadowRoot!;
    expect(root.querySelector('li[data-campaign-id="11"]')).not.toBeNull();
    expect(requests.at(-1)?.path).toBe('/api/v1/showcase/platforms/7');
  });
});

describe('the player’s language', () => {
  it('speaks Russian: text, plurals and numbers, loaded on demand; titles stay as written', async () => {
    state.tasks[0].awards = [{ ...coins, value: 1500 }];
    const { root, ui } = mount({ lang: 'ru' });
    expect(await ui.findByText('3 задания')).toBeInTheDocument();
    const news = within(taskItem(root, '11'));
    expect(news.getByText('Crypto News')).toBeInTheDocument();
    expect(news.getByText('Канал')).toBeInTheDocument();
    expect(news.getByRole('button', { name: 'Начать' })).toBeInTheDocument();
    expect(
      news.getByText(`+${new Intl.NumberFormat('ru').format(1500)} Coins`, { normalizer: (t) => t }),
    ).toBeInTheDocument();
    expect(within(taskItem(root, '13')).getByRole('button', { name: 'Проверить' })).toBeInTheDocument();
    expect(root).toHaveAttribute('lang', 'ru');
    expect(root).toHaveAttribute('dir', 'ltr');
    expect(requests.filter((r) => r.path === '/showcase/i18n/ru.json')).toHaveLength(1);
  });

  it('lays Persian out right to left with Persian digits', async () => {
    state.tasks = state.tasks.slice(0, 1);
    const { root, ui } = mount({ lang: 'fa' });
    expect(await ui.findByText('۱ کار')).toBeInTheDocument();
    expect(root).toHaveAttribute('dir', 'rtl');
    expect(within(taskItem(root, '11')).getByText('+۱۰ Coins')).toBeInTheDocument();
  });

  it('falls back to English for a language it does not speak', async () => {
    const { ui } = mount({ lang: 'de' });
    expect(await ui.findByText('3 tasks')).toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/showcase/i18n/'))).toBe(false);
  });
});

describe('debug mode', () => {
  it('shows one test task that completes without any call to the server', async () => {
    const { root, ui, events } = mount({ debug: true });
    expect(await ui.findByText('Test mode: one test task, no money moves')).toBeInTheDocument();
    expect(requests[0].path).toBe('/api/v1/showcase/platforms/7?debug=true');
    const task = within(taskItem(root, 'debug'));
    const user = userEvent.setup();
    await user.click(task.getByRole('button', { name: 'Start' }));
    expect(events.onStartTask).toHaveBeenCalledTimes(1);
    await user.click(task.getByRole('button', { name: 'Check' }));
    expect(events.onFinishTask).toHaveBeenCalledWith(expect.objectContaining({ campaignId: 'debug' }), [coins]);
    expect(task.getByText('Done! +10 Coins')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('works outside Telegram (no initData) for a test player, and says so', async () => {
    const { root, ui, events } = mount({ debug: true, initData: undefined });
    expect(
      await ui.findByText(
        'Test mode: one test task, no money moves. Outside Telegram: a test player sees the tasks here; real tasks show in Telegram only',
      ),
    ).toBeInTheDocument();
    expect(requests[0].path).toBe('/api/v1/showcase/platforms/7?debug=true');
    const user = userEvent.setup();
    const task = within(taskItem(root, 'debug'));
    await user.click(task.getByRole('button', { name: 'Start' }));
    await user.click(task.getByRole('button', { name: 'Check' }));
    expect(events.onFinishTask).toHaveBeenCalledWith(expect.objectContaining({ campaignId: 'debug' }), [coins]);
  });
});

describe('<taskgram-showcase>', () => {
  it('renders in its own shadow root and dispatches load, starttask and finishtask', async () => {
    defineShowcaseElement();
    window.Telegram = { WebApp: { initData: INIT_DATA, openTelegramLink: vi.fn() } };
    state.check = [{ status: 'COMPLETED', awards: [coins] }];
    const el = document.createElement('taskgram-showcase');
    el.dataset.platformId = '7';
    el.dataset.apiBase = base;
    const seen: { type: string; detail: any }[] = [];
    for (const type of ['load', 'starttask', 'finishtask']) {
      el.addEventListener(type, (e) => seen.push({ type, detail: (e as CustomEvent).detail }));
    }
    document.body.append(el);
    const root = el.shadowRoot!.querySelector('.tgs') as HTMLElement;
    const ui = within(root);
    expect(await ui.findByText('Farm Bot')).toBeInTheDocument();
    await waitFor(() => expect(seen.map((e) => e.type)).toEqual(['load']));
    expect(seen[0].detail.tasks).toHaveLength(3);
    const user = userEvent.setup();
    const bot = within(taskItem(root, '12'));
    await user.click(bot.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(seen.map((e) => e.type)).toEqual(['load', 'starttask']));
    expect(seen[1].detail.task.campaignId).toBe(12);
    await user.click(bot.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(seen.map((e) => e.type)).toEqual(['load', 'starttask', 'finishtask']));
    expect(seen[2].detail.awards).toEqual([coins]);
    // Leaving the page tears it down.
    el.remove();
    expect(el.shadowRoot!.childElementCount).toBe(0);
  });
});
