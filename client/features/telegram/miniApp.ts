import {
  backButton,
  init,
  miniApp,
  retrieveRawInitData,
  type ThemeParamsType,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
import type { AnyRouter } from '@tanstack/react-router';
import { setSecondFactorStep } from '../../lib/signInStep';
import { THEME_STORAGE_KEY } from '../../components/ui/provider';
import { getToken, setToken } from '../../lib/session';
import { setTelegramLinkNote, webAppInitData } from '../../lib/telegram';
import { authApi } from '../auth/authApi';

/**
 * The dashboard inside Telegram (loaded only there: client/lib/telegram.ts tells). Telegram's
 * theme drives the colour mode and the accent, its viewport and safe areas are CSS variables
 * (`--tg-viewport-*`), its back button drives the router's back, and the initData Telegram
 * signed signs the user in without a password.
 */
export async function startMiniApp(router: AnyRouter): Promise<void> {
  document.documentElement.dataset.miniApp = '';
  try {
    init();
    themeParams.mount();
    miniApp.mount();
    applyTheme(themeParams.state(), themeParams.isDark());
    themeParams.state.sub(() => applyTheme(themeParams.state(), themeParams.isDark()));
    void viewport
      .mount()
      .then(() => viewport.bindCssVars())
      .catch(() => undefined);
    backButton.mount();
    backButton.onClick(() => router.history.back());
    const follow = () => (router.history.canGoBack() ? backButton.show() : backButton.hide());
    router.subscribe('onResolved', follow);
    follow();
    miniApp.ready();
  } catch (err) {
    console.warn('Telegram Mini App SDK not started:', err);
    // A client without the launch parameters (a page with Telegram's own script only): no
    // theme or back button, but its initData still signs in.
  }
  await signIn();
}

/** Signed in already, or by the initData; an unlinked Telegram user is asked for the e-mail once. */
async function signIn() {
  if (getToken()) return;
  let initData: string | undefined;
  try {
    initData = retrieveRawInitData() || undefined;
  } catch {
    initData = undefined;
  }
  initData ??= webAppInitData();
  if (!initData) return;
  try {
    const answer = await authApi.telegram({ initData });
    if ('accessToken' in answer) setToken(answer.accessToken);
    // An account with a second factor: the sign-in page asks for it, inside Telegram.
    else if ('secondFactorRequired' in answer) setSecondFactorStep({ ...answer, via: 'telegram' });
    else setTelegramLinkNote({ linkToken: answer.linkToken, message: answer.message, account: answer.account });
  } catch {
    // The sign-in page shows; the user signs in with the e-mail.
  }
}

const STYLE_ID = 'telegram-theme';

/**
 * Telegram's colours over the brand's: background, text and hints, and the accent from its
 * button and link colours; the colour mode follows (next-themes hears it as a stored change).
 */
function applyTheme(params: ThemeParamsType, dark: boolean) {
  const mode = dark ? 'dark' : 'light';
  try {
    if (localStorage.getItem(THEME_STORAGE_KEY) !== mode) {
      localStorage.setItem(THEME_STORAGE_KEY, mode);
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: mode }));
    }
  } catch {
    // Storage off: the stored choice stays.
  }
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.classList.toggle('light', !dark);
  const vars: [string, string | undefined][] = [
    ['bg', params.bg_color],
    ['bg-subtle', params.secondary_bg_color],
    ['bg-panel', params.section_bg_color ?? params.bg_color],
    ['fg', params.text_color],
    ['fg-muted', params.hint_color],
    ['brand-solid', params.button_color],
    ['brand-contrast', params.button_text_color],
    ['brand-fg', params.link_color ?? params.accent_text_color],
    ['brand-focus-ring', params.button_color],
    ['brand-subtle', params.secondary_bg_color],
    ['brand-muted', params.secondary_bg_color],
  ];
  const css = vars
    .filter(([, value]) => value)
    .map(([name, value]) => `--chakra-colors-${name}: ${value} !important;`)
    .join(' ');
  let style = document.getElementById(STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ID;
    document.head.append(style);
  }
  style.textContent = `html[data-mini-app] { ${css} }`;
}
