import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { createAppSystem } from './system';

export const THEME_STORAGE_KEY = 'theme';

/**
 * The Chakra system, made at the first render, not while the app's code is evaluated (on a phone
 * ~0.1 s out of the start-up's one long task). A page the build rendered (scripts/prerender.mjs)
 * holds Chakra's global CSS already (emotion's `css-global` styles in its head): the provider is
 * given none to render, and the system never computes it (client/chakra-lazy-global.ts).
 */
let provided: ReturnType<typeof createAppSystem> | undefined;
function providedSystem() {
  if (provided) return provided;
  const system = createAppSystem();
  provided =
    typeof document !== 'undefined' && document.querySelector('style[data-emotion^="css-global"]')
      ? (Object.create(system, { _global: { value: [] } }) as typeof system)
      : system;
  return provided;
}

/** Chakra system plus the light / dark / system (default: the OS setting) theme kept in localStorage. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={providedSystem()}>
      <ThemeProvider
        attribute="class"
        defaultTheme="system"
        enableSystem
        storageKey={THEME_STORAGE_KEY}
        disableTransitionOnChange
      >
        {children}
      </ThemeProvider>
    </ChakraProvider>
  );
}
