// The script of the public pages whose app starts at the visitor's first interaction (sign-in and
// password reset; scripts/prerender.mjs inlines it with the app's entry as ENTRY and the entry's
// imports as PRELOADS). The page is the build's HTML; its app's code is fetched once the page has
// loaded and painted (not competing with what it paints) and run at the first press, key, focus
// or touch. It starts at once for a visitor the app must send on or finish with (a session, a
// query such as Google's ?code) and when Google sign-in is on (its button is the app's).
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
  // first tap. (The submit button is disabled until then.)
  let pressed = null;
  const hold = (event) => {
    const button = event.target.closest?.('button:not([type=submit])');
    if (!button) return;
    pressed = button;
    event.preventDefault();
  };
  addEventListener('click', hold, true);
  addEventListener(
    'taskgram:ready',
    () => {
      removeEventListener('click', hold, true);
      pressed?.click();
    },
    { once: true },
  );
  let now = Boolean(location.search);
  try {
    now ||= Boolean(localStorage.getItem('accessToken'));
  } catch {}
  if (now) return start();
  for (const type of EVENTS) addEventListener(type, start, { capture: true, passive: true });
  fetch('/api/v1/auth/config')
    .then((res) => res.json())
    .then(
      (config) => config.value?.google && start(),
      () => undefined,
    );
})();
