import type { Page, TestInfo } from '@playwright/test';

/** Saves a full-page screenshot named after the project (phone/desktop) and step, for people to look at. */
export async function screenshot(page: Page, testInfo: TestInfo, step: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/${testInfo.project.name}/${step}.png`, fullPage: true });
}
