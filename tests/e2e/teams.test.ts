import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../helpers/accounts';
import { startTestApp } from '../helpers/app';
import { browserPool, LIVE, markDocument, notReloaded, printLatency, screenshot, signIn } from './browser';

/**
 * Teams in two browsers: an Admin invites a Standard member from the Team page; the member accepts
 * the mailed link, switches to the account in the header and works there (its projects, its
 * balance in the chip), with money out disabled and saying why; removed, the member's open tab
 * loses the account within a second, without a reload.
 */

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers = browserPool(() => app.url);

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true });
});

afterAll(async () => {
  await browsers.closeAll();
  await app?.close();
});

describe('a team in the browser', () => {
  it('an Admin invites, the member accepts and works in the account; removed, their tab loses it at once', async () => {
    const admin = await browsers.open();
    await signIn(admin.page, 'advertiser@demo.local');
    await admin.page.waitForURL(/\/advertiser/);
    await admin.page.goto(`${app.url}/team`);
    const form = admin.page.getByRole('form', { name: 'Invite a person' });
    await form.getByLabel('E-mail').fill('newcomer@demo.local');
    await form.getByRole('button', { name: 'Invite' }).click();
    await admin.page.getByTestId('invitation-link').waitFor(LIVE);
    await admin.page.getByTestId('invitation-newcomer@demo.local').waitFor(LIVE);
    await screenshot(admin.page, 'teams-01-invited');

    // The mail's link, opened by the invitee signed in with that address.
    const mails = await outboxMails(app, 'newcomer@demo.local');
    const link = /https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/.exec(mails.at(-1) ?? '')?.[0];
    expect(link).toBeDefined();
    const member = await browsers.open();
    await signIn(member.page, 'newcomer@demo.local');
    await member.page.waitForURL(/\/advertiser/);
    await member.page.goto(`${app.url}${new URL(link!).pathname}`);
    await member.page.getByTestId('invitation-text').waitFor(LIVE);
    expect(await member.page.getByTestId('invitation-text').textContent()).toContain('Alex Advertiser');
    await member.page.getByTestId('accept-invitation').click();
    // In the account now: its projects, its balance in the chip, the level in the switcher.
    await member.page.waitForURL(/\?account=\d+/, LIVE);
    await member.page.getByText('Crypto Daily').waitFor(LIVE);
    await member.page.getByTestId('account-switcher').getByText('Standard').waitFor(LIVE);
    await screenshot(member.page, 'teams-02-member-in-account');

    // Money is Billing's: Add funds is disabled and says why.
    await member.page.getByRole('link', { name: 'Add funds' }).click();
    const pay = member.page.getByRole('button', { name: 'Go to Payment' });
    await pay.waitFor(LIVE);
    expect(await pay.isDisabled()).toBe(true);
    expect(await pay.getAttribute('title')).toContain('it needs Billing access');

    // The Admin sees the member on the Team page, then removes them.
    await admin.page.reload();
    const row = admin.page.getByTestId('member-newcomer@demo.local');
    await row.waitFor(LIVE);
    await markDocument(member.page);
    const removedAt = Date.now();
    await row.getByRole('button', { name: 'Remove' }).click();
    // The member's tab falls back to their own account within a second, without a reload.
    await member.page.waitForURL((url) => !url.search.includes('account='), { timeout: 5_000 });
    printLatency('a removed member’s tab back in their own account', removedAt);
    expect(Date.now() - removedAt).toBeLessThan(2_000);
    await member.page.getByText('You no longer have access to that account').waitFor(LIVE);
    expect(await notReloaded(member.page)).toBe(true);
    await screenshot(member.page, 'teams-03-member-removed');
  });
});
