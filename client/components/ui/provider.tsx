import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { system } from './system';

export const THEME_STORAGE_KEY = 'theme';

/** Chakra system plus the light (default) / dark / system theme kept in localStorage. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ThemeProvider
        attribute="class"
        defaultTheme="light"
        enableSystem
        storageKey={THEME_STORAGE_KEY}
        disableTransitionOnChange
      >
        {children}
      </ThemeProvider>
    </ChakraProvider>
  );
}
