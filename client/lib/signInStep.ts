/**
 * A sign-in with Telegram or Google of an account with a second factor stops half-way: the
 * server answers a short-lived token (`secondFactorRequired`) and the sign-in page asks for the
 * code. Kept for the tab (the Mini App signs in before the page shows; Google's return reloads it).
 */
export interface SecondFactorStep {
  secondFactorRequired: true;
  signInToken: string;
  methods: string[];
  message: string;
  code?: string;
  via: 'telegram' | 'google';
}

const KEY = 'taskgram.secondFactorStep';

export function secondFactorStep(): SecondFactorStep | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as SecondFactorStep) : null;
  } catch {
    return null;
  }
}

export function setSecondFactorStep(step: SecondFactorStep | null): void {
  try {
    if (step) sessionStorage.setItem(KEY, JSON.stringify(step));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage off: the page asks again on the next sign-in.
  }
}
