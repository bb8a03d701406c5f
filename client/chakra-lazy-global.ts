import type { Plugin } from 'vite';

/**
 * Chakra's `createSystem` builds the global CSS (the reset, the global styles and a custom
 * property per token, light and dark) up front: over half of the system's start-up, about
 * 0.1 s of a phone's main thread at the app's start (issue 30's profile). Every page the
 * server sends already holds that CSS, rendered by the build (scripts/prerender.mjs), so the
 * app needs it only where no build rendered the page (the dev server, tests). This makes the
 * system's `_global` a getter computed on first use, and UiProvider does not ask for it when
 * the page came with it (components/ui/provider.tsx).
 *
 * The build fails if Chakra's code no longer reads as expected (an upgrade changed it).
 */
const SYSTEM = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = '    _global,\n';

export function chakraLazyGlobal(): Plugin {
  return {
    name: 'taskgram-chakra-lazy-global',
    enforce: 'pre',
    transform(code, id) {
      if (!SYSTEM.test(id)) return null;
      if (!code.includes(EAGER) || !code.includes(FIELD)) {
        this.error(`${id}: Chakra's createSystem changed; update client/chakra-lazy-global.ts`);
      }
      // Line for line, so the module's source map still holds (`map: null` keeps it).
      const lazy = code
        .replace(EAGER, 'let _global;')
        .replace(
          FIELD,
          '    get _global() { return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]); },\n',
        );
      return { code: lazy, map: null };
    },
  };
}
