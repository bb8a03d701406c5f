import { defineConfig } from '@lingui/cli';
import { LANGUAGE_SETTINGS } from './lingui.config.ts';

/**
 * The server's own words (`server/locales/<lang>/server.po`): mails, Telegram messages, notices,
 * the chain's reasons. Written in the code as message descriptors whose id is the English,
 * `/*i18n*\/ { id: '…' }`, said by `say()` (server/lib/i18n.ts), which reads these catalogs when
 * the server starts. Ordered by where each message is in the code: the extractor's workers finish
 * in any order, and these messages have no `message` apart from their id to sort by.
 */
export default defineConfig({
  ...LANGUAGE_SETTINGS,
  catalogs: [
    {
      path: '<rootDir>/server/locales/{locale}/server',
      include: ['<rootDir>/server'],
      exclude: ['**/*.test.ts', '<rootDir>/server/locales/**'],
    },
  ],
  orderBy: 'origin',
});
