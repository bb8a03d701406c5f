// The script of the public pages whose app starts at the visitor's first interaction (sign-in and
// password reset; scripts/prerender.mjs inlines it with the app's entry as ENTRY and the entry's
// imports as PRELOADS). The page is the build's HTML; its app's code is fetched once the page has
// loaded and painted (not competing with what it paints) and run at the first press, key, focus
// or touch. It starts at once for a visitor the app must send on or finish with (a session, a
// query such as Google's ?code, not ?redirect) and when Google's or Telegram's sign-in is on
// (their buttons are the app's).
(() => {
  const preload = () => {
    for (const href of [ENTRY, ...PRELOADS]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  };
  addEventListener('load', () =>
    self.requestIdleCallback ? requestIdleCallback(preload, { timeout: 1000 }) : setTimeout(preload, 200),
  );
  let started = false;
  const EVENTS = ['pointerdown', 'pointerover', 'keydown', 'focusin', 'touchstart'];
  const start = () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) removeEventListener(type, start, true);
    import(ENTRY);
  };
  // A press on one of the page's buttons before the app runs is pressed again once it has (its
  // 'taskgram:ready', client/App.tsx): the theme button and the password's eye work from the
  // first tap. A form sent before the app has it (Enter in a field, the submit button) is held,
  // not sent as the browser's own request, and sent once through the app: the Enter that
  // started the app is the one that signs in.
  let pressed = null;
  let submitted = null;
  const hold = (event) => {
    const button = event.target.closest?.('button:not([type=submit])');
    if (!button) return;
    pressed = button;
    event.preventDefault();
  };
  const holdSubmit = (event) => {
    submitted = event.target;
    event.preventDefault();
    event.stopPropagation();
    start();
  };
  addEventListener('click', hold, true);
  addEventListener('submit', holdSubmit, true);
  addEventListener(
    'taskgram:ready',
    () => {
      removeEventListener('click', hold, true);
      pressed?.click();
    },
    { once: true },
  );
  // The form says when React has it (useSubmitHeldBeforeApp, client/lib/useHydrated.ts): its
  // part of the page may take over after the app's first effects.
  addEventListener(
    'taskgram:form',
    (event) => {
      removeEventListener('submit', holdSubmit, true);
      if (submitted === event.detail) submitted.requestSubmit();
    },
    { once: true },
  );
  // (A query but ?redirect, the page to return to after sign-in, is one to finish with.)
  // (Back from Telegram's sign-in, its signed fields are in the fragment.)
  let now =
    [...new URLSearchParams(location.search).keys()].some((key) => key !== 'redirect') ||
    location.hash.includes('tgAuthResult=');
  try {
    now ||= Boolean(localStorage.getItem('accessToken'));
  } catch {}
  if (now) return start();
  for (const type of EVENTS) addEventListener(type, start, { capture: true, passive: true });
  fetch('/api/v1/auth/config')
    .then((res) => res.json())
    .then(
      (config) => (config.value?.google || config.value?.telegram) && start(),
      () => undefined,
    );
})();
