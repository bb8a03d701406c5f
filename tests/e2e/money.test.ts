import { Address } from '@ton/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provedLongAgo as provedLongAgoFor } from '../helpers/accounts';
import { startTestApp } from '../helpers/app';
import {
  type TestBrowser,
  markDocument,
  notReloaded,
  openBrowser,
  screenshot,
  signIn,
  signInTo,
  LIVE,
  printLatency,
} from './browser';

let app: Awaited<ReturnType<typeof startTestApp>>;
const browsers: TestBrowser[] = [];

async function browser(viewport?: { width: number; height: number }): Promise<TestBrowser> {
  const opened = await openBrowser(app.url, viewport);
  browsers.push(opened);
  return opened;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

const VALID_WALLET = 'kQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74pzE8';
/** An address the publisher was never paid at (the demo's withdrawal went to VALID_WALLET's). */
const NEW_WALLET = new Address(0, Buffer.alloc(32, 7)).toString({ bounceable: false, testOnly: true });

beforeAll(async () => {
  app = await startTestApp({ demo: true, serveClient: true });
  // The demo's approved withdrawal is paid by the first payout round (jobs are off in tests).
  await app.services.payouts.round();
});

afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await app?.close();
});

/** Every session of `email` last gave a proof 11 minutes ago (past STEP_UP_SECONDS). */
const provedLongAgo = (email: string) => provedLongAgoFor(app, email);

describe('money screens against the real server', () => {
  it('tops up 25 through the sandbox in a second tab; the first tab updates without reload', async () => {
    const { context, page } = await browser();
    await signInTo(page, 'advertiser@demo.local', '/advertiser/payments');
    await page.getByRole('heading', { name: 'Add funds' }).waitFor({ state: 'visible' });
    await expect.poll(() => text(page, 'balance-chip')).toBe('200.00 $');
    await expect.poll(() => text(page, 'advertiser-balance')).toBe('200.00 $');
    await expect.poll(() => page.getByTestId('transaction-row').count()).toBe(4);
    // Seeded history: statuses map to the spec's labels.
    const statuses = await page.getByTestId('transaction-status').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['Pending', 'Done', 'Failed']));
    const goToPayment = page.getByRole('button', { name: 'Go to Payment' });
    expect(await goToPayment.isDisabled()).toBe(true);
    await markDocument(page);
    await screenshot(page, 'money-01-add-funds');

    // Client-side validation of reading B.
    const amount = page.getByLabel(/Amount/);
    await amount.fill('abc');
    await page.getByText('Enter correct value').waitFor({ state: 'visible' });
    await amount.fill('1');
    await page.getByText('The value must be greater than 1').waitFor({ state: 'visible' });
    expect(await goToPayment.isDisabled()).toBe(true);
    await amount.fill('');
    await page.getByText('Enter required value').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: '50 $' }).click();
    expect(await amount.inputValue()).toBe('50');
    await expect.poll(() => goToPayment.isEnabled()).toBe(true);
    await screenshot(page, 'money-02-add-funds-valid');
    await amount.fill('');

    // Second tab of the same browser (same session): pay 25 at the sandbox checkout.
    const checkout = await context.newPage();
    await checkout.goto('/advertiser/payments');
    await checkout.getByLabel(/Amount/).fill('25');
    await checkout.getByRole('button', { name: 'Go to Payment' }).click();
    await checkout.waitForURL('**/pay/sandbox/**');
    await checkout.getByTestId('sandbox-amount').waitFor({ state: 'visible' });
    await screenshot(checkout, 'money-03-sandbox-checkout');
    const paymentId = new URL(checkout.url()).pathname.split('/').pop();

    // The first tab shows the new Pending row as soon as it is created.
    const row = page.locator(`[data-testid="transaction-row"][data-id="${paymentId}"]`);
    await expect.poll(() => row.getAttribute('data-status')).toBe('IN_PROGRESS');
    expect(await row.getByTestId('transaction-status').textContent()).toBe('Pending');
    expect(await row.getByTestId('transaction-amount').textContent()).toBe('25.00 $');
    // While it waits: back to its checkout, or cancel it.
    const waiting = row.getByTestId('top-up-waiting');
    expect(await waiting.getByRole('link', { name: 'Continue payment' }).getAttribute('href')).toBe(checkout.url());
    await screenshot(page, 'money-04-add-funds-pending');

    const paidAt = Date.now();
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => new URL(checkout.url()).pathname, { timeout: 10_000 }).toBe('/advertiser/payments');
    await expect.poll(() => text(checkout, 'toast-success')).toContain(`Payment #${paymentId} completed`);
    // The outcome parameters are dropped from the address once announced.
    await expect.poll(() => new URL(checkout.url()).search).toBe('');

    // First tab, no reload: the row turns Done and the chip gains 25.
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 5000 }).toBe('DONE');
    expect(await row.getByTestId('transaction-status').textContent()).toBe('Done');
    await expect.poll(() => text(page, 'balance-chip')).toBe('225.00 $');
    await expect.poll(() => text(page, 'advertiser-balance')).toBe('225.00 $');
    printLatency('a paid top-up on the first tab', paidAt);
    expect(await notReloaded(page)).toBe(true);
    await expect.poll(() => waiting.count()).toBe(0);
    await screenshot(page, 'money-05-add-funds-done-live');

    // A top-up left at its checkout: cancelled from the history, it reads Failed · Cancelled.
    await checkout.getByLabel(/Amount/).fill('9');
    await checkout.getByRole('button', { name: 'Go to Payment' }).click();
    await checkout.waitForURL('**/pay/sandbox/**');
    const leftId = new URL(checkout.url()).pathname.split('/').pop();
    const left = page.locator(`[data-testid="transaction-row"][data-id="${leftId}"]`);
    await left.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => left.getAttribute('data-status'), LIVE).toBe('FAILED');
    await left.getByText('Cancelled').waitFor();
    expect(await left.getByTestId('top-up-waiting').count()).toBe(0);
    await expect.poll(() => text(page, 'balance-chip')).toBe('225.00 $');
  });

  it('opened at 127.0.0.1 without PUBLIC_URL, the checkout returns to the same origin, signed in', async () => {
    const port = new URL(app.url).port;
    const origin = `http://127.0.0.1:${port}`;
    const opened = await openBrowser(origin);
    browsers.push(opened);
    const { page } = opened;
    await signInTo(page, 'advertiser@demo.local', '/advertiser/payments');
    await page.getByLabel(/Amount/).fill('3');
    await page.getByRole('button', { name: 'Go to Payment' }).click();
    await page.waitForURL('**/pay/sandbox/**');
    expect(new URL(page.url()).origin).toBe(origin);
    const paymentId = new URL(page.url()).pathname.split('/').pop();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toBe(`${origin}/advertiser/payments`);
    // Still signed in: the dashboard shows the paid top-up, not the sign-in page.
    await expect.poll(() => text(page, 'toast-success')).toContain(`Payment #${paymentId} completed`);
    const row = page.locator(`[data-testid="transaction-row"][data-id="${paymentId}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 5000 }).toBe('DONE');
    expect(await page.getByRole('button', { name: 'Sign In', exact: true }).count()).toBe(0);
  });

  it('shows the failed outcome of the sandbox checkout', async () => {
    const { page } = await browser({ width: 390, height: 844 });
    await signInTo(page, 'advertiser@demo.local', '/advertiser/payments');
    await page.getByLabel(/Amount/).fill('12.5');
    await page.getByRole('button', { name: 'Go to Payment' }).click();
    await page.waitForURL('**/pay/sandbox/**');
    await page.getByRole('button', { name: 'Fail' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/advertiser/payments');
    await expect.poll(() => text(page, 'toast-error')).toMatch(/Payment #\d+ failed/);
    await expect.poll(() => page.getByTestId('transaction-row').first().getAttribute('data-status')).toBe('FAILED');
    expect(await page.getByTestId('transaction-row').first().getByTestId('transaction-amount').textContent()).toBe(
      '12.50 $',
    );
    await screenshot(page, 'money-06-add-funds-mobile-failed');
  });

  it('withdraw: shows the messages and refuses an invalid TON address', async () => {
    const { page } = await browser();
    await signInTo(page, 'publisher@demo.local', '/publisher/payments');
    await page.getByRole('heading', { name: 'Withdraw Money' }).waitFor({ state: 'visible' });
    await expect.poll(() => text(page, 'available-balance')).toBe('70.00 $');
    await expect.poll(() => text(page, 'hold-balance')).toBe('35.74 $');
    await expect.poll(() => text(page, 'total-balance')).toBe('105.74 $');
    await page.getByText('processed within up to 72 hours').waitFor({ state: 'visible' });
    // The seeded withdrawal was paid out on the sandbox chain: Done with its hash.
    const seeded = page.getByTestId('transaction-row').first();
    expect(await seeded.getAttribute('data-status')).toBe('DONE');
    expect(await seeded.getByTestId('transaction-hash').textContent()).toMatch(/[0-9a-f]{64}/);
    expect(await seeded.getByTestId('payout-stage').textContent()).toBe('Paid: confirmed on chain');

    const send = page.getByRole('button', { name: 'Send Money' });
    await send.click();
    await expect.poll(() => page.getByText('Enter required value').count()).toBe(2);
    const amount = page.getByLabel(/Amount/);
    await amount.fill('40');
    await page.getByText('The value must be at least 50').waitFor({ state: 'visible' });
    await amount.fill('70.01');
    await page
      .getByText('You can withdraw up to 70.00 $ now: 35.74 $ more is on hold until its conversions are confirmed')
      .waitFor({ state: 'visible' });
    await amount.fill('50');
    await page.getByLabel('Wallet address').fill('not-a-ton-wallet');
    await send.click();
    await page.getByText('Enter a valid TON wallet address (USDT on TON)').waitFor({ state: 'visible' });
    await screenshot(page, 'money-07-withdraw-invalid-wallet');
    expect(await page.getByTestId('transaction-row').count()).toBe(1);
  });

  it('finance approves a withdrawal, the network pays it on chain and the publisher sees each stage live', async () => {
    const publisher = await browser();
    await signInTo(publisher.page, 'publisher@demo.local', '/publisher/payments');
    const pub = publisher.page;
    await expect.poll(() => text(pub, 'available-balance')).toBe('70.00 $');

    const finance = await browser();
    const fin = finance.page;
    await signIn(fin, 'moderator@demo.local');
    await fin.waitForURL('**/moderation');
    await fin.getByTestId('finance-link').click();
    await fin.waitForURL('**/finance');
    await fin.getByRole('heading', { name: 'Finance' }).waitFor({ state: 'visible' });
    await expect.poll(() => text(fin, 'withdrawal-queue-total')).toBe('0 withdrawals');
    await markDocument(fin);

    // Signed in long ago, as a stolen token would be: money to a new address asks for the
    // password first (step-up), in one dialog, then the request goes through as sent.
    await provedLongAgo('publisher@demo.local');
    await pub.getByLabel(/Amount/).fill('50');
    await pub.getByLabel('Wallet address').fill(NEW_WALLET);
    await pub.getByRole('button', { name: 'Send Money' }).click();
    const stepUp = pub.getByTestId('proof-dialog');
    await stepUp.getByText('your last sign-in was a while ago. Enter your password').waitFor();
    await stepUp.getByLabel('Your password').fill('wrong-one');
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await stepUp.getByText('The password or code is wrong').waitFor();
    await screenshot(pub, 'money-08a-step-up');
    await stepUp.getByLabel('Your password').fill('demo1234');
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await stepUp.waitFor({ state: 'hidden' });
    await expect.poll(() => text(pub, 'toast-success')).toContain('Withdraw request created');
    const row = pub.getByTestId('transaction-row').first();
    await expect.poll(() => row.getAttribute('data-status')).toBe('IN_PROGRESS');
    const id = await row.getAttribute('data-id');
    expect(await row.getByTestId('transaction-status').textContent()).toBe('Pending');
    await expect.poll(() => text(pub, 'available-balance')).toBe('20.00 $');
    await expect.poll(() => text(pub, 'total-balance')).toBe('55.74 $');
    // The chip: what can be withdrawn now, the hold apart.
    await expect.poll(() => text(pub, 'balance-chip-amount')).toBe('20.00 $');
    expect(await text(pub, 'balance-chip-hold')).toBe('+ 35.74 $ on hold');
    expect(await pub.getByLabel(/Amount/).inputValue()).toBe('');
    await markDocument(pub);
    await screenshot(pub, 'money-08-withdraw-pending');

    // The queue shows it live.
    const card = fin.locator(`[data-testid="withdrawal"][data-id="${id}"]`);
    await card.waitFor({ state: 'visible', timeout: 5000 });
    // The server stores the address in its user-friendly non-bounceable form (UQ…).
    expect(await card.getByTestId('withdrawal-wallet').textContent()).toContain(NEW_WALLET.slice(2, 30));
    expect(await notReloaded(fin)).toBe(true);
    await screenshot(fin, 'money-09-finance-queue');

    expect(await card.getByTestId('payout-stage').textContent()).toBe('Requested: waiting for approval');
    await fin.getByTestId('payout-wallet-usdt').waitFor({ state: 'visible' });
    // Approving takes a fresh proof too (over GraphQL here).
    await provedLongAgo('moderator@demo.local');
    await card.getByRole('button', { name: 'Approve' }).click();
    const finStepUp = fin.getByTestId('proof-dialog');
    await finStepUp.getByLabel('Your password').fill('demo1234');
    await finStepUp.getByRole('button', { name: 'Confirm' }).click();
    await finStepUp.waitFor({ state: 'hidden' });
    // The same words on both pages.
    await expect
      .poll(() => card.getByTestId('payout-stage').textContent())
      .toBe('Approved: goes out in the next payout round');
    await expect
      .poll(() => row.getByTestId('payout-stage').textContent(), LIVE)
      .toBe('Approved: goes out in the next payout round');
    await screenshot(fin, 'money-10-finance-approved');
    // The payout job's round: batched, sent, confirmed on the sandbox chain.
    const doneAt = Date.now();
    await app.services.payouts.round();
    // It leaves the "In progress" list, and stays in sight there as Done with its transaction.
    await expect.poll(() => card.count()).toBe(0);
    const finished = fin.locator(`[data-testid="finished-withdrawal"][data-id="${id}"]`);
    await finished.waitFor({ state: 'visible', timeout: LIVE.timeout });
    expect(await finished.getByTestId('transaction-status').textContent()).toBe('Done');
    expect(await finished.getByTestId('payout-stage').textContent()).toBe('Paid: confirmed on chain');
    expect(await finished.getByTestId('transaction-hash').textContent()).toMatch(/[0-9a-f]{64}/);
    await screenshot(fin, 'money-10b-finance-finished-here');

    await expect.poll(() => row.getAttribute('data-status'), LIVE).toBe('DONE');
    printLatency('a withdrawal confirmed on chain, on the publisher’s page', doneAt);
    expect(await row.getByTestId('transaction-status').textContent()).toBe('Done');
    expect(await row.getByTestId('transaction-hash').textContent()).toMatch(/[0-9a-f]{64}/);
    expect(await row.getByTestId('payout-stage').textContent()).toBe('Paid: confirmed on chain');
    expect(await notReloaded(pub)).toBe(true);
    await expect.poll(() => text(pub, 'total-balance')).toBe('55.74 $');
    await screenshot(pub, 'money-11-withdraw-done-live');

    // In the Done filter of the queue.
    await fin.getByText('Done', { exact: true }).first().click();
    await card.waitFor({ state: 'visible' });
  });

  it('explains that on-hold money cannot be withdrawn yet, in dark mode', async () => {
    const publisher = await browser();
    const pub = publisher.page;
    await signInTo(pub, 'publisher@demo.local', '/publisher/payments');
    await expect.poll(() => text(pub, 'available-balance')).toBe('20.00 $');
    // Dark mode is part of the check: semantic tokens keep the page readable.
    await pub.evaluate(() => localStorage.setItem('theme', 'dark'));
    await pub.reload();
    await expect.poll(() => text(pub, 'available-balance')).toBe('20.00 $');

    await pub.getByLabel(/Amount/).fill('55');
    await pub.getByLabel('Wallet address').fill(VALID_WALLET);
    await pub.getByRole('button', { name: 'Send Money' }).click();
    // 35.74 is on hold: the message under the amount says how much can go and what waits.
    await pub
      .getByText('You can withdraw up to 20.00 $ now: 35.74 $ more is on hold until its conversions are confirmed')
      .waitFor({ state: 'visible' });
    await screenshot(pub, 'money-12-withdraw-on-hold-dark');
  });
});
