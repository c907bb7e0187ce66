/**
 * Headless Chromium for end-to-end page tests: Debian's `chromium` package driven by
 * playwright-core. CI installs it (.ci/run) and must run these tests; on a machine without
 * it they are skipped rather than failed.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { describe } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const mustRun = Boolean(process.env.CI) || existsSync(CHROMIUM_PATH);

/** `describe` when Chromium is here (or in CI, where its absence is a failure), else `describe.skip`. */
export const describeInBrowser = mustRun ? describe : describe.skip;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Without these Chromium reaches for Google's services, which a closed network refuses.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const SCREENSHOTS = join(process.cwd(), 'test-results');

/** Saves a full-page screenshot as test-results/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
