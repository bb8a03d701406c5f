import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LANGUAGES } from './shared/languages.ts';

/**
 * The product's words: English is the source (the spec's wording), written in the
 * code with Lingui's macros; each other language is a PO catalog in `client/locales/<lang>/`,
 * compiled by the Vite plugin and loaded only when that language is chosen. `pseudo` is the
 * pseudolocalization of English, for finding text left outside the catalogs.
 *
 * The server's words have their own config (lingui.server.config.ts). `npm run i18n:extract`
 * brings both up to date with the code; `npm run lint` fails
 * when they are not, or when a message has no translation in one of them
 * (`scripts/i18n-check.ts`).
 */
/** The public pages' code, whose words are in `public.po`. */
const PUBLIC_PAGES = ['<rootDir>/client/features/landing', '<rootDir>/client/features/policy'];

/** What the dashboard's and the server's catalogs share: the languages, English the source, PO files. */
export const LANGUAGE_SETTINGS = {
  sourceLocale: 'en',
  locales: [...LANGUAGES, 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
};

export default defineConfig({
  ...LANGUAGE_SETTINGS,
  catalogs: [
    {
      path: '<rootDir>/client/locales/{locale}/messages',
      include: ['<rootDir>/client'],
      exclude: [
        '**/*.test.ts',
        '**/*.test.tsx',
        '<rootDir>/client/gql/**',
        '<rootDir>/client/locales/**',
        ...PUBLIC_PAGES.map((dir) => `${dir}/**`),
      ],
    },
    // The public pages' own catalog (`public.po`): the landing page, its FAQ and the policies,
    // rendered in every language by the build; the dashboard never loads it.
    { path: '<rootDir>/client/locales/{locale}/public', include: PUBLIC_PAGES, exclude: ['**/*.test.tsx'] },
  ],
  orderBy: 'message',
});
