// Entry of the built script (/showcase.js): exposes `window.Showcase.init`.
import { type ShowcaseInstance, type ShowcaseOptions, init } from './showcase.ts';

declare global {
  interface Window {
    Showcase?: { init(options: ShowcaseOptions): ShowcaseInstance };
  }
}

window.Showcase = { init };
