import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { onePixelPng } from '../fakes/telegram-bot-api';

/** A real PNG on disk for file inputs. */
export function tempPng(name = 'logo.png'): string {
  const dir = mkdtempSync(join(tmpdir(), 'tg-logo-'));
  const path = join(dir, name);
  writeFileSync(path, onePixelPng([220, 60, 90, 255]));
  return path;
}

/** The newest toast of a type (success / error) containing the text. */
export function toast(page: Page, type: 'success' | 'error', text: string): Locator {
  return page.getByTestId(`toast-${type}`).filter({ hasText: text }).first();
}

export function resourceRow(page: Page, title: string): Locator {
  return page.locator(`[data-testid="resource-row"][data-title="${title}"]`);
}

/** POST /api/v1/sdk/events from outside the browser, as the advertiser's bot does. */
export async function sendSdkEvent(baseUrl: string, apiKey: string, code: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v1/sdk/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({ type: 'verification', code }),
  });
  await res.arrayBuffer();
  return res.status;
}
