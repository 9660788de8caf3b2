import type { Page, TestInfo } from '@playwright/test';

/**
 * Saves a full-page screenshot named after the project (phone/desktop) and step, for people to look at. The
 * page is scrolled to the top first, so sticky and fixed parts (header, dialogs) are drawn where they belong. One
 * image pixel per CSS pixel: at the phone's device scale (2.6) a full page took seconds to encode, each of a
 * journey's dozen.
 */
export async function screenshot(page: Page, testInfo: TestInfo, step: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/screenshots/${testInfo.project.name}/${step}.png`, fullPage: true, scale: 'css' });
}
