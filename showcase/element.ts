// <taskgram-showcase data-platform-id="…"> — the showcase as a custom element. It renders in
// its own shadow root and dispatches `load`, `starttask` and `finishtask` DOM events (detail:
// the same values Showcase.init passes to its callbacks). Optional attributes: data-debug
// ("true": one test task, no money moves), data-lang, data-country, data-api-base.
import { init, type ShowcaseInstance } from './showcase.ts';

export const ELEMENT_NAME = 'taskgram-showcase';

export function defineShowcaseElement(): void {
  if (typeof customElements === 'undefined' || customElements.get(ELEMENT_NAME)) return;

  class TaskgramShowcase extends HTMLElement {
    static observedAttributes = ['data-platform-id', 'data-debug', 'data-lang', 'data-country', 'data-api-base'];
    private instance: ShowcaseInstance | null = null;

    connectedCallback() {
      this.mount();
    }

    disconnectedCallback() {
      this.instance?.destroy();
      this.instance = null;
    }

    attributeChangedCallback() {
      if (this.isConnected) this.mount();
    }

    /** Reloads the task list. */
    reload(): Promise<void> {
      return this.instance?.reload() ?? Promise.resolve();
    }

    private mount() {
      this.instance?.destroy();
      this.instance = null;
      const platformId = this.dataset.platformId;
      if (!platformId) return;
      if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
      // Not bubbling: a `load` reaching window would look like the page's own load event.
      const emit = (type: string, detail: unknown) => this.dispatchEvent(new CustomEvent(type, { detail }));
      this.instance = init({
        platformId,
        container: this,
        shadowHost: this,
        debug: this.dataset.debug === 'true',
        lang: this.dataset.lang || undefined,
        country: this.dataset.country || undefined,
        apiBase: this.dataset.apiBase || undefined,
        onLoad: (data) => emit('load', data),
        onStartTask: (task) => emit('starttask', { task }),
        onFinishTask: (task, awards) => emit('finishtask', { task, awards }),
      });
    }
  }

  customElements.define(ELEMENT_NAME, TaskgramShowcase);
}
