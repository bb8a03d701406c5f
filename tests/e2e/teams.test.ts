import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { addAuthenticator, outboxMails } from '../helpers/accounts';
import { credit, newAddress } from '../helpers/payouts';
import { startTestApp } from '../helpers/app';
import { login } from '../helpers/graphql';
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

const adminToken = () => login(app, 'advertiser@demo.local');
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
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

    // Both open the same campaign's edit form: each sees the other there, within 2 s.
    const [campaign] = (await app.api('/v1/campaigns?search=Farm%20Hero%20bot', { token: await adminToken() })).body
      .value.data as { id: number; projectId: number; name: string; dailyCap: number | null }[];
    const openEdit = async (page: typeof admin.page, search = '') => {
      await page.goto(`${app.url}/advertiser/campaign${search}`);
      const row = page.locator(`[data-testid="campaign-row"][data-campaign-id="${campaign.id}"]`);
      await row.getByRole('button', { name: `Actions for ${campaign.name}` }).click();
      await page.getByRole('menuitem', { name: 'Edit campaign' }).click();
      const dialog = page.getByTestId('edit-campaign-dialog');
      await expect.poll(() => dialog.getByLabel(/Campaign name/).inputValue(), LIVE).toBe(campaign.name);
      return dialog;
    };
    const adminForm = await openEdit(admin.page);
    const memberForm = await openEdit(
      member.page,
      `?account=${new URL(member.page.url()).searchParams.get('account')}`,
    );
    await adminForm.getByTestId('presence-Nina Newcomer').waitFor(LIVE);
    await memberForm.getByTestId('presence-Alex Advertiser').waitFor(LIVE);
    await screenshot(admin.page, 'teams-03-presence');
    // The member saves a new daily cap; the Admin's open form, saving on the old version, is told
    // who changed what, keeps what was typed, and applies it on top.
    await memberForm.getByLabel(/Daily cap/).fill('35');
    await memberForm.getByRole('button', { name: 'Save campaign' }).click();
    await memberForm.waitFor({ state: 'detached', ...LIVE });
    await adminForm.getByLabel(/Campaign name/).fill('Farm Hero bot — by the Admin');
    await adminForm.getByRole('button', { name: 'Save campaign' }).click();
    const stale = adminForm.getByTestId('stale-notice');
    await stale.waitFor(LIVE);
    expect(await stale.textContent()).toContain('Nina Newcomer saved this after you opened it');
    expect(await stale.textContent()).toContain('the daily cap: from');
    expect(await stale.textContent()).toContain('to 35');
    expect(await adminForm.getByLabel(/Campaign name/).inputValue()).toBe('Farm Hero bot — by the Admin');
    await screenshot(admin.page, 'teams-04-stale');
    await stale.getByTestId('apply-mine').click();
    await adminForm.waitFor({ state: 'detached', ...LIVE });
    const saved = (
      await app.api(`/v1/projects/${campaign.projectId}/campaigns/${campaign.id}`, {
        token: await adminToken(),
      })
    ).body.value;
    expect(saved).toMatchObject({ name: 'Farm Hero bot — by the Admin', dailyCap: 35 });
    // The Activity page lists the member's change.
    await admin.page.goto(`${app.url}/activity`);
    await admin.page.getByTestId('activity-row').filter({ hasText: 'Nina Newcomer' }).first().waitFor(LIVE);
    await screenshot(admin.page, 'teams-05-activity');

    // The Admin sees the member on the Team page, then removes them.
    await admin.page.goto(`${app.url}/team`);
    const row = admin.page.getByTestId('member-newcomer@demo.local');
    await row.waitFor(LIVE);
    await markDocument(member.page);
    const removedAt = Date.now();
    await row.getByRole('button', { name: 'Remove' }).click();
    // The member's tab falls back to their own account within a second, without a reload.
    await member.page.waitForURL((url) => !url.search.includes('account='), LIVE);
    printLatency('a removed member’s tab back in their own account', removedAt);
    await member.page.getByText('You no longer have access to that account').waitFor(LIVE);
    expect(await notReloaded(member.page)).toBe(true);
    await screenshot(member.page, 'teams-06-member-removed');
  });
  it('a Billing member withdraws from the account with their own second factor; the ledger names them', async () => {
    // The agency is Billing in the studio's account; the studio has money to withdraw.
    const agencyToken = await login(app, 'agency@demo.local');
    const { secret } = await addAuthenticator(app, agencyToken);
    const accounts = (await app.api('/v1/accounts', { token: agencyToken })).body.value as {
      id: number;
      name: string;
    }[];
    const studio = accounts.find((a) => a.name === 'Tia Studio')!;
    await credit(app, studio.id, '100');
    const { page } = await browsers.open();
    // Their own second factor at sign-in (the app's next code: the one that turned it on counts once).
    await signIn(page, 'agency@demo.local');
    await page.getByTestId('second-factor-asked').waitFor(LIVE);
    await page.getByLabel('Authenticator code').fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/advertiser/, LIVE);
    // A teammate's link into the studio's payments page opens in that account.
    await page.goto(`${app.url}/publisher/payments?account=${studio.id}`);
    await page.getByRole('heading', { name: 'Withdraw Money' }).waitFor(LIVE);
    await page.getByTestId('account-switcher').getByText('Billing').waitFor(LIVE);
    await page.getByLabel(/Amount/).fill('60');
    await page.getByLabel('Wallet address').fill(newAddress());
    await page.getByRole('button', { name: 'Send Money' }).click();
    await page.getByTestId('toast-success').filter({ hasText: 'Withdraw request created' }).first().waitFor(LIVE);
    await screenshot(page, 'teams-07-billing-withdrawal');
    // The withdrawal is the studio's, and its ledger entry names the agency's person.
    const [entry] = await app.orm.em
      .fork()
      .getConnection()
      .execute<{ caused_by_id: number; user_id: number }[]>(
        `select t.caused_by_id, a.user_id from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
          where t.code = 'WITHDRAWAL' order by t.id desc limit 1`,
      );
    const agencyId = (await app.api('/v1/users/self', { token: agencyToken })).body.value.id;
    expect(entry).toEqual({ caused_by_id: agencyId, user_id: studio.id });

    // The Accounts overview is pushed: money reaching the studio shows in its row without a reload.
    await page.goto(`${app.url}/accounts`);
    const row = page.getByTestId(`accounts-row-${studio.id}`);
    await row.waitFor(LIVE);
    await markDocument(page);
    const before = await row.textContent();
    const creditedAt = Date.now();
    await credit(app, studio.id, '25');
    await page.waitForFunction(
      ([id, text]) => document.querySelector(`[data-testid="accounts-row-${id}"]`)?.textContent !== text,
      [studio.id, before] as const,
      { timeout: LIVE.timeout },
    );
    printLatency('a credit in the Accounts overview', creditedAt);
    expect(await notReloaded(page)).toBe(true);
    await screenshot(page, 'teams-08-accounts-live');
  });
});
