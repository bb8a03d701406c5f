import { Writable } from 'node:stream';
import { createMemoryHistory } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './App';
import { UiProvider } from './components/ui/provider';
import { ShellPlaceholder } from './features/layout/ShellPlaceholder';
import type { PageHeadingText } from './lib/pageHeadings';
import { themeLabels } from './features/landing/LanguageLinks';
import { i18n, isRightToLeft, LANGUAGE_NAMES, LANGUAGES, loadPublicCatalog, publicPath } from './lib/i18n';
import { createAppRouter } from './router';

export { isRightToLeft, LANGUAGE_NAMES, LANGUAGES, publicPath };

export { pageHeadings } from './lib/pageHeadings';

/**
 * The build's renderer of the public pages (scripts/prerender.mjs): the page at `url` as a visitor
 * without a session sees it, with its styles inline, so the first paint needs no JavaScript.
 * Answers the HTML of the app's root element and the path the router settled on.
 */
export async function render(url: string, language = 'en'): Promise<{ html: string; path: string }> {
  await showIn(language);
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  // prerender waits for every lazy part (a page's chunk, the toaster) to be there.
  return { html: await toHtml(<App router={router} />), path: router.state.location.pathname };
}

/**
 * The theme button's words in `language`, for the static pages' script (client/static-pages.js):
 * the three choices, and the button's name and title with `{theme}` and `{next}` in them.
 */
export async function themeWords(language: string) {
  await showIn(language);
  const labels = themeLabels();
  return {
    light: labels.light,
    dark: labels.dark,
    system: labels.system,
    name: labels.name('{theme}', '{next}'),
    title: labels.title('{theme}'),
  };
}

/** The public pages' words in `language` (the landing page and policies are built in all nine). */
async function showIn(language: string): Promise<void> {
  await loadPublicCatalog(language);
  i18n.activate(language);
}

/**
 * The signed-in layout's frame, for the shell every other path is served (its theme script too);
 * with a page's heading, that path's own shell.
 */
export function renderShell(heading?: PageHeadingText): Promise<string> {
  i18n.activate('en');
  return toHtml(
    <UiProvider>
      <ShellPlaceholder heading={heading} />
    </UiProvider>,
  );
}

async function toHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(
        new Writable({
          write(chunk, _enc, done) {
            chunks.push(Buffer.from(chunk));
            done();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
}
