// The script of the public pages that load no React (the landing page and the policies;
// scripts/prerender.mjs inlines it): they are the build's HTML.
// What React would do on them is done here: the theme button (light → dark → system, kept where
// next-themes keeps it, named in the page's language), the landing page's sections menu on small
// screens, the language switcher, and the support contacts once the server says them.
(() => {
  const html = document.documentElement;
  const order = ['light', 'dark', 'system'];
  const stored = () => {
    try {
      const t = localStorage.getItem('theme');
      return order.includes(t) ? t : 'system';
    } catch {
      return 'system';
    }
  };
  const dark = matchMedia('(prefers-color-scheme: dark)');
  const apply = (theme) => {
    const resolved = theme === 'system' ? (dark.matches ? 'dark' : 'light') : theme;
    html.classList.remove('light', 'dark');
    html.classList.add(resolved);
    html.style.colorScheme = resolved;
  };
  const toggle = document.querySelector('[data-testid="theme-toggle"]');
  // The button's words in the page's language: data the build puts in every static page.
  const themeWords = JSON.parse(document.getElementById('theme-words').textContent);
  const show = (theme) => {
    if (!toggle) return;
    const next = order[(order.indexOf(theme) + 1) % order.length];
    // The button holds the three icons; CSS shows the one <html data-theme-choice> names (ThemeToggle).
    html.dataset.themeChoice = theme;
    const words = (text) => text.replace('{theme}', themeWords[theme]).replace('{next}', themeWords[next]);
    toggle.setAttribute('aria-label', words(themeWords.name));
    toggle.title = words(themeWords.title);
  };
  show(stored());
  toggle?.addEventListener('click', () => {
    const theme = order[(order.indexOf(stored()) + 1) % order.length];
    try {
      localStorage.setItem('theme', theme);
    } catch {}
    apply(theme);
    show(theme);
  });
  dark.addEventListener('change', () => stored() === 'system' && apply('system'));

  const menuButton = document.querySelector('[data-testid="landing-sections-menu"]');
  const menu = menuButton && document.getElementById(menuButton.getAttribute('aria-controls'));
  if (menuButton && menu) {
    const root = menuButton.parentElement;
    const setOpen = (open) => {
      menu.hidden = !open;
      menuButton.setAttribute('aria-expanded', String(open));
    };
    menuButton.addEventListener('click', () => setOpen(menu.hidden));
    menu.addEventListener('click', (e) => e.target.closest('a') && setOpen(false));
    document.addEventListener('pointerdown', (e) => !menu.hidden && !root.contains(e.target) && setOpen(false));
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !menu.hidden) {
        setOpen(false);
        menuButton.focus();
      }
    });
  }

  // The language switcher (a <details>): closed by Escape or a click outside; the language picked
  // is kept for the next visit to / (as the dashboard keeps it).
  for (const menu of document.querySelectorAll('[data-language-menu]')) {
    document.addEventListener('pointerdown', (e) => {
      if (menu.open && !menu.contains(e.target)) menu.open = false;
    });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && menu.open) {
        menu.open = false;
        menu.querySelector('summary')?.focus();
      }
    });
    for (const link of menu.querySelectorAll('[data-language]')) {
      link.addEventListener('click', () => {
        try {
          localStorage.setItem('taskgram:language', link.dataset.language);
        } catch {}
      });
    }
  }

  const bot = document.querySelector('[data-testid="support-bot-link"]');
  const mail = document.querySelector('[data-testid="support-email-link"]');
  if (!bot && !mail) return;
  fetch('/api/v1/auth/config')
    .then((r) => (r.ok ? r.json() : null))
    .then((body) => {
      const config = body?.value;
      if (!config) return;
      if (bot && config.supportBot) {
        bot.href = `https://t.me/${config.supportBot.replace(/^@/, '')}`;
        bot.hidden = false;
      }
      if (mail && config.supportEmail) {
        mail.href = `mailto:${config.supportEmail}`;
        mail.textContent = config.supportEmail;
        mail.hidden = false;
      }
    })
    .catch(() => {});
})();
