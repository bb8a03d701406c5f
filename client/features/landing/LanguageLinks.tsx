import { Box } from '@chakra-ui/react/box';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { t } from '@lingui/core/macro';
import { Languages } from 'lucide-react';
import type { ThemeLabels } from '../../components/ui/ThemeToggle';
import { i18n, LANGUAGE_NAMES, LANGUAGES, type Language, publicPath, chooseLanguage } from '../../lib/i18n';

/** A small menu's panel under its button on the public pages (the sections menu, the languages). */
export const DROPDOWN_PANEL = {
  position: 'absolute',
  top: 'full',
  mt: '2',
  gap: '0',
  p: '1.5',
  bg: 'bg.panel',
  borderWidth: '1px',
  borderRadius: 'lg',
  shadow: 'lg',
  zIndex: 'dropdown',
} as const;

/** A native `<details>` without the browser's marker, its summary a pointer (the FAQ, the languages). */
export const PLAIN_DETAILS = {
  '& > summary': { listStyle: 'none', cursor: 'pointer' },
  '& > summary::-webkit-details-marker': { display: 'none' },
} as const;

/** The switcher's own words: the button's name (with the shown language's) and the list's. */
export interface LanguageMenuWords {
  menu: (name: string) => string;
  list: () => string;
}
const publicWords: LanguageMenuWords = { menu: (name) => t`Language: ${name}`, list: () => t`Languages` };

/**
 * The public pages' language switcher (the sign-in pages' too, with their catalog's `words`): the same page in each of the nine languages, as plain
 * links (`/ru/privacy-policy`), in a native disclosure, so it works in the build's HTML with no
 * script. The page's small script (client/static-pages.js) closes it on Escape or a click outside
 * and keeps the choice for the next visit to `/` (`taskgram:language`, as the dashboard does).
 */
export function LanguageLinks({ path, words = publicWords }: { path: string; words?: LanguageMenuWords }) {
  const current = LANGUAGES.find((language) => language === i18n.locale) ?? 'en';
  const name = LANGUAGE_NAMES[current];
  return (
    <Box asChild position="relative" css={PLAIN_DETAILS}>
      <details data-language-menu="">
        <Box
          as="summary"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          h="8"
          minW="8"
          px="1.5"
          gap="1"
          borderRadius="md"
          fontSize="sm"
          fontWeight="medium"
          _hover={{ bg: 'bg.muted' }}
          aria-label={words.menu(name)}
          data-testid="language-links"
        >
          <Languages size={16} aria-hidden />
          <Box as="span" textTransform="uppercase" aria-hidden>
            {current}
          </Box>
        </Box>
        <Stack as="nav" aria-label={words.list()} insetEnd="0" minW="44" {...DROPDOWN_PANEL}>
          {LANGUAGES.map((language) => (
            <ChakraLink
              key={language}
              href={publicPath(englishPath(path), language)}
              hrefLang={language}
              lang={language}
              data-language={language}
              onClick={() => chooseLanguage(language)}
              aria-current={language === current ? 'page' : undefined}
              px="3"
              py="2"
              borderRadius="md"
              fontWeight={language === current ? 'semibold' : 'normal'}
              _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
            >
              {LANGUAGE_NAMES[language]}
            </ChakraLink>
          ))}
        </Stack>
      </details>
    </Box>
  );
}

/** A public page's English path (`/ru/privacy-policy` → `/privacy-policy`). */
function englishPath(path: string): string {
  const [, first, ...rest] = path.split('/');
  return LANGUAGES.includes(first as Language) && first !== 'en' ? `/${rest.join('/')}` : path;
}

/** The theme button's words in the page's language (ThemeToggle). */
export const themeLabels = (): ThemeLabels => ({
  light: t`light`,
  dark: t`dark`,
  system: t`system`,
  name: (theme, next) => t`Theme: ${theme}. Switch to ${next}`,
  title: (theme) => t`Theme: ${theme}`,
});
