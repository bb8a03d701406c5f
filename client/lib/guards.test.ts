import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { authGuard, chooseRoleGuard, enforce, firstRedirect, guestOnlyGuard, loginFor, ownRedirect } from './guards';
import { CHOOSE_ROLE_KEY, TOKEN_KEY } from './session';

const guest = { token: null, chooseRoleFlag: null };
const signedIn = { token: 'jwt', chooseRoleFlag: 'false' };

describe('route guards', () => {
  it('guest-only pages send a token holder to advertiser projects', () => {
    expect(guestOnlyGuard(signedIn)).toBe('/advertiser/projects');
    expect(guestOnlyGuard(guest)).toBeNull();
  });

  it('signed-in pages send a guest to login', () => {
    expect(authGuard(guest)).toBe('/login');
    expect(authGuard(signedIn)).toBeNull();
  });

  it('the role step sends a user whose choose-role flag is false to advertiser projects', () => {
    expect(chooseRoleGuard({ ...signedIn, wantsRoleStep: true })).toBe('/advertiser/projects');
    expect(chooseRoleGuard({ token: 'jwt', chooseRoleFlag: 'true', wantsRoleStep: true })).toBeNull();
    expect(chooseRoleGuard({ ...signedIn, wantsRoleStep: false })).toBeNull();
    expect(chooseRoleGuard({ ...guest, wantsRoleStep: true })).toBeNull();
  });

  it('runs in sequence and stops at the first answer', () => {
    expect(firstRedirect({ ...guest, wantsRoleStep: true }, [authGuard, chooseRoleGuard])).toBe('/login');
    expect(firstRedirect({ ...signedIn, wantsRoleStep: true }, [authGuard, chooseRoleGuard])).toBe(
      '/advertiser/projects',
    );
    expect(firstRedirect(signedIn, [authGuard, chooseRoleGuard])).toBeNull();
  });

  it('reads localStorage and throws the router redirect', () => {
    expect(() => enforce([authGuard])).toThrow();
    try {
      enforce([authGuard]);
    } catch (thrown) {
      expect(isRedirect(thrown)).toBe(true);
      expect((thrown as { options: { href: string } }).options.href).toBe('/login');
    }
    localStorage.setItem(TOKEN_KEY, 'jwt');
    localStorage.setItem(CHOOSE_ROLE_KEY, 'false');
    expect(() => enforce([authGuard])).not.toThrow();
    expect(() => enforce([authGuard, chooseRoleGuard], { chooseRole: 1 })).toThrow();
  });

  it('a signed-out deep link goes to login with the page to come back to; only our own signed-in pages count', () => {
    expect(authGuard({ ...guest, asked: '/advertiser/campaign/reports?period=week' })).toBe(
      '/login?redirect=%2Fadvertiser%2Fcampaign%2Freports%3Fperiod%3Dweek',
    );
    expect(loginFor('/publisher/statistics')).toBe('/login?redirect=%2Fpublisher%2Fstatistics');
    expect(ownRedirect('/exchange/incoming')).toBe('/exchange/incoming');
    expect(ownRedirect('/publisher/statistics?tab=2#top')).toBe('/publisher/statistics?tab=2');
    for (const foreign of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      'javascript:alert(1)',
      'advertiser/projects',
      '/login',
      '/login?redirect=%2Flogin',
      '/',
      '/reset-password/abc',
      // The guest pages in another language.
      '/ru/login',
      '/fa/register?x=1',
      '/ru/',
      '/uk/reset-password/abc',
      42,
      undefined,
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(ownRedirect(foreign), String(foreign)).toBeNull();
    }
    expect(authGuard({ ...guest, asked: '//evil.example' })).toBe('/login');
    // Already signed in, login sends the user on to the page asked for.
    expect(guestOnlyGuard({ ...signedIn, redirect: '/publisher/statistics' })).toBe('/publisher/statistics');
    expect(guestOnlyGuard({ ...signedIn, redirect: 'https://evil.example' })).toBe('/advertiser/projects');
  });
});
