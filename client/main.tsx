import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { isMiniApp } from './lib/telegram';
import { appRouter } from './router';

const root = document.getElementById('root') as HTMLElement;
const router = appRouter();
// A public page comes as HTML rendered by the build (client/prerender.tsx): once its route's code
// is here the same tree takes it over (hydration) instead of painting it again. A visitor the
// page does not fit (signed in on the landing page: sent on) gets the page rendered anew.
const prerendered = root.dataset.prerendered;
// The language the HTML was built in (a sign-in page: `/login` English, `/ru/login` Russian): one
// shown in another (a developer's pseudo-locale) is rendered anew.
const builtLanguage = document.documentElement.lang;
const render = () => startTransition(() => createRoot(root).render(<App router={router} />));
if (isMiniApp()) {
  // Inside Telegram: the Mini App SDK (loaded only here) applies Telegram's theme and signs in
  // with its initData before the first render, which then draws the page anew.
  const start = () => {
    root.replaceChildren();
    router.load().then(render, render);
  };
  import('./features/telegram/miniApp').then((m) => m.startMiniApp(router)).then(start, start);
} else if (prerendered !== undefined) {
  router.load().then(
    () => {
      const { pathname, searchStr } = router.state.location;
      // (The HTML is the page without a query: a sign-in coming back from Google renders anew.
      // A `?redirect`, the page to return to once signed in, changes nothing the page shows.)
      const query = [...new URLSearchParams(searchStr).keys()].filter((key) => key !== 'redirect');
      const sameLanguage = document.documentElement.lang === builtLanguage;
      if (pathname === prerendered && query.length === 0 && sameLanguage && router.state.status === 'idle') {
        // As the router's own hydration marks it (its tree then matches the server's: no
        // Suspense around the matches, no load again on mount).
        router.ssr = { manifest: undefined };
        startTransition(() => {
          hydrateRoot(root, <App router={router} />);
        });
      } else {
        root.replaceChildren();
        render();
      }
    },
    () => {
      root.replaceChildren();
      render();
    },
  );
} else {
  // The shell holds the layout's frame (scripts/prerender.mjs): it stays until the route's code
  // is here and the first render draws the page itself, not an empty Suspense in between.
  router.load().then(render, render);
}
