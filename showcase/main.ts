// Entry of the built script (/showcase.js): exposes `window.Showcase.init` and defines the
// <taskgram-showcase> element. Types for integrators: /showcase.d.ts.
import { defineShowcaseElement } from './element.ts';
import { init } from './showcase.ts';

window.Showcase = { init };
defineShowcaseElement();
