import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/app';
import { credit, em, newAddress, self } from '../helpers/payouts';
import { login } from '../helpers/graphql';
import { browserPool, screenshot, signIn } from './browser';

/**
 * The Finance page under the payout policy: a withdrawal of 1,000 takes two finance people (the
 * first approval shows as "1 of 2" to both, live; the second person gives the other), and a
 * finance person's own withdrawal has no buttons for them.
 */

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers = browserPool(() => app.url);

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true, env: { PAYOUT_SECOND_APPROVAL_USD: '1000' } });
  await em(app).getConnection().execute(`update users set is_finance = true where email = 'advertiser@demo.local'`);
});

afterAll(async () => {
  await browsers.closeAll();
  await app?.close();
});

/** A withdrawal of `usd` by `email` to a new address (money credited first); its id. */
async function withdrawal(email: string, usd: string): Promise<string> {
  const token = await login(app, email);
  await credit(app, (await self(app, token)).id, usd);
  const res = await app.api('/v1/users/payments/publisher', {
    token,
    body: { amount: usd, walletAddress: newAddress() },
  });
  expect(res.status).toBe(201);
  return String(res.body.value.id);
}

async function financePage(email: string) {
  const { page } = await browsers.open();
  await signIn(page, email);
  await page.waitForURL(/\/(advertiser\/projects|publisher|moderation)$/);
  await page.goto('/finance');
  await page.getByRole('heading', { name: 'Finance' }).waitFor();
  return page;
}

describe('the Finance page under the payout policy', () => {
  it('four eyes: the first approval shows as 1 of 2 to both people, live; the second person approves it; one’s own has no buttons', async () => {
    const large = await withdrawal('publisher@demo.local', '1000');
    const own = await withdrawal('moderator@demo.local', '60');
    const first = await financePage('moderator@demo.local');
    const second = await financePage('advertiser@demo.local');

    const ownRow = first.locator(`[data-testid="withdrawal"][data-id="${own}"]`);
    await ownRow.getByTestId('own-withdrawal').waitFor();
    expect(await ownRow.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    const mine = first.locator(`[data-testid="withdrawal"][data-id="${large}"]`);
    await mine.getByTestId('approvals').getByText('0 of 2 approvals').waitFor();
    await mine.getByRole('button', { name: 'Approve' }).click();
    await mine.getByTestId('first-approval-given').waitFor();
    expect(await mine.getByTestId('approvals').textContent()).toBe('1 of 2 approvals · Morgan Moderator');
    await screenshot(first, 'policy-01-first-approval');

    // The other finance person's queue follows without a reload.
    const theirs = second.locator(`[data-testid="withdrawal"][data-id="${large}"]`);
    await theirs.getByTestId('approvals').getByText('1 of 2 approvals · Morgan Moderator').waitFor();
    await theirs.getByRole('button', { name: 'Give the second approval' }).click();
    await expect
      .poll(() => theirs.getByTestId('payout-stage').textContent())
      .not.toBe('Requested: waiting for approval');
    await screenshot(second, 'policy-02-second-approval');
    // Who decided stays on the row: both approvers, and where it was asked from.
    await theirs
      .getByTestId('withdrawal-trail')
      .getByText(/^Approved by Morgan Moderator and /)
      .waitFor();
    expect(await theirs.getByTestId('withdrawal-trail').textContent()).toMatch(/Requested from (127\.0\.0\.1|::1)/);

    // The Audit page: the two approvals, newest first, by person and action.
    await second.getByTestId('audit-link').click();
    await second.getByRole('heading', { name: 'Audit' }).waitFor();
    await second.getByTestId('audit-action').selectOption('WITHDRAWAL_APPROVAL_GIVEN');
    const given = second.locator(`[data-testid="audit-row"][data-action="WITHDRAWAL_APPROVAL_GIVEN"]`);
    await given.getByText(`Withdrawal #${large}`).waitFor();
    expect(await given.first().textContent()).toContain('moderator@demo.local');
    await second.getByTestId('audit-action').selectOption('');
    await expect.poll(() => second.getByTestId('audit-row').count()).toBeGreaterThan(2);
    await screenshot(second, 'policy-03-audit');
  });
});
