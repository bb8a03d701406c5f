// Types of the Taskgram showcase script (/showcase.js): the script is written against them,
// and integrators get this very file as /showcase.d.ts (types only, valid as a declaration
// file). Save it in your project to type `window.Showcase.init`, the <taskgram-showcase>
// element and its events.

export type ShowcaseTaskType = 'BOT' | 'CHANNEL' | 'CHAT' | 'SMART_LINK' | 'CUSTOM';

/** An award of the app for a task type, as configured in the publisher's dashboard. */
export interface ShowcaseAward {
  title: string;
  /** Image URL. */
  logo: string;
  /** How many of this award the player gets. */
  value: number;
}

export interface ShowcaseTask {
  /** The task's id (`"debug"` for the test task of debug mode). */
  campaignId: string | number;
  taskType: ShowcaseTaskType;
  /** As the advertiser wrote it: never translated. */
  title: string;
  logo: string;
  awards: ShowcaseAward[];
  status: 'AVAILABLE' | 'STARTED' | 'COMPLETED';
}

export interface ShowcasePlatform {
  id: string | number;
  title: string;
  logo: string;
  isDarkTheme: boolean;
}

/** What `onLoad` gets, and the `load` event's `detail`. */
export interface ShowcaseLoad {
  tasks: ShowcaseTask[];
  platform: ShowcasePlatform;
  player: { id: string | number; firstName: string };
}

export interface ShowcaseOptions {
  /** The app's id from the dashboard (My Apps → Get code). */
  platformId: string | number;
  /** The element to render into, or a CSS selector for it. */
  container: Element | string;
  onLoad?: (data: ShowcaseLoad) => void;
  onStartTask?: (task: ShowcaseTask) => void;
  /** The task is done: give the player these awards in your app. */
  onFinishTask?: (task: ShowcaseTask, awards: ShowcaseAward[]) => void;
  /** Telegram initData; default `Telegram.WebApp.initData`. */
  initData?: string;
  /** Server origin; default the origin the script was loaded from. */
  apiBase?: string;
  /** ISO country code sent as `X-Country` (trusted by the server only where configured). */
  country?: string;
  /** en, ru, uk, es, pt, tr, id, fa or ar; default the player's Telegram language, else English. */
  lang?: string;
  /** One test task that completes without money moving: try the integration before going live. */
  debug?: boolean;
}

export interface ShowcaseInstance {
  /** Fetches the task list again. */
  reload(): Promise<void>;
  /** Removes the showcase and its listeners. */
  destroy(): void;
}

export interface ShowcaseApi {
  init(options: ShowcaseOptions): ShowcaseInstance;
}

/** `detail` of the element's `starttask` event. */
export interface ShowcaseStartTaskDetail {
  task: ShowcaseTask;
}

/** `detail` of the element's `finishtask` event. */
export interface ShowcaseFinishTaskDetail {
  task: ShowcaseTask;
  awards: ShowcaseAward[];
}

export interface TaskgramShowcaseEventMap extends HTMLElementEventMap {
  load: CustomEvent<ShowcaseLoad>;
  starttask: CustomEvent<ShowcaseStartTaskDetail>;
  finishtask: CustomEvent<ShowcaseFinishTaskDetail>;
}

/**
 * <taskgram-showcase data-platform-id="123" data-debug="true" data-lang="ru">. Attributes:
 * data-platform-id (required), data-debug, data-lang, data-country, data-api-base.
 */
export interface TaskgramShowcaseElement extends HTMLElement {
  /** Fetches the task list again. */
  reload(): Promise<void>;
  addEventListener<K extends keyof TaskgramShowcaseEventMap>(
    type: K,
    listener: (this: TaskgramShowcaseElement, ev: TaskgramShowcaseEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
}

declare global {
  interface Window {
    Showcase: ShowcaseApi;
  }
  interface HTMLElementTagNameMap {
    'taskgram-showcase': TaskgramShowcaseElement;
  }
}
