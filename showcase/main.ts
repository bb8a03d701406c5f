// Entry of the built script (/showcase.js): exposes `window.Showcase.init` and defines the
// <taskgram-showcase> element. Types for integrators: /showcase.d.ts.
import { defineShowcaseElement } from './element.ts';
import { type ShowcaseInstance, type ShowcaseOptions, init } from './showcase.ts';

declare global {
  interface Window {
    Showcase?: { init(options: ShowcaseOptions): ShowcaseInstance };
  }
}

window.Showcase = { init };
defineShowcaseElement();
