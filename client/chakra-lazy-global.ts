import { patchDependency } from './patch-dependency';

/**
 * Chakra's `createSystem` builds the global CSS (the reset, the global styles and a custom
 * property per token, light and dark) up front: over half of the system's start-up, about
 * 0.1 s of a phone's main thread at the app's start. Every page the
 * server sends already holds that CSS, rendered by the build (scripts/prerender.mjs), so the
 * app needs it only where no build rendered the page (the dev server, tests). This makes the
 * system's `_global` a getter computed on first use, and UiProvider does not ask for it when
 * the page came with it (components/ui/provider.tsx).
 *
 * The build fails if Chakra's code no longer reads as expected (client/patch-dependency.ts);
 * package.json pins @chakra-ui/react exactly for that reason.
 */
const SYSTEM = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = '    _global,\n';

export const chakraLazyGlobal = () =>
  patchDependency('taskgram-chakra-lazy-global', SYSTEM, 'client/chakra-lazy-global.ts', [
    { from: EAGER, to: 'let _global;' },
    {
      from: FIELD,
      to: '    get _global() { return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]); },\n',
    },
  ]);
