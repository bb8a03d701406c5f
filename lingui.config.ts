import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LANGUAGES } from './shared/languages.ts';

/**
 * The product's words: English is the source (the spec's wording), written in the
 * code with Lingui's macros; each other language is a PO catalog in `client/locales/<lang>/`,
 * compiled by the Vite plugin and loaded only when that language is chosen. `pseudo` is the
 * pseudolocalization of English, for finding text left outside the catalogs.
 *
 * `npm run i18n:extract` brings the catalogs up to date with the code; `npm run lint` fails
 * when they are not, or when a message has no translation in one of them
 * (`scripts/i18n-check.ts`).
 */
/** The public pages' code, whose words are in `public.po`. */
const PUBLIC_PAGES = ['<rootDir>/client/features/landing', '<rootDir>/client/features/policy'];

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LANGUAGES, 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
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
    // The server's own words (`server.po`): mails, Telegram messages, notices, the chain's reasons.
    // Written in the code as message descriptors with an id, `/*i18n*/ { id, message }`, said by
    // `say()` (server/lib/i18n.ts), which reads these catalogs when the server starts.
    {
      path: '<rootDir>/server/locales/{locale}/server',
      include: ['<rootDir>/server'],
      exclude: ['**/*.test.ts', '<rootDir>/server/locales/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
