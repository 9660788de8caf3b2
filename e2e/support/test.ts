import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/**
 * The journeys' `test`: Playwright's own, plus a guard that fails a journey when any page of it logs a Content
 * Security Policy violation (the console error Chromium prints, or a `securitypolicyviolation` event), so the
 * built apps are proven to run under the policy the server sends, or when a server-rendered page does not hydrate
 * as it was rendered (React's recoverable hydration errors, #418–#425 in its production build, which main.tsx
 * logs), so the public pages are proven to be the server's HTML made live. Contexts a journey opens itself (a
 * second person) are watched too.
 */
const violations: string[] = [];
const watched = new WeakSet<BrowserContext>();

const isCspError = (text: string) => /Content Security Policy|CSP violation/i.test(text);
const isHydrationError = (text: string) => /Minified React error #4(18|19|2[0-5])\b|hydrat/i.test(text);

async function watch(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} on ${event.documentURI}`),
    );
  });
  const onPage = (page: Page) => {
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && (isCspError(text) || isHydrationError(text))) {
        violations.push(`${page.url()}: ${text}`);
      }
    });
    page.on('pageerror', (error) => {
      if (isHydrationError(error.message)) violations.push(`${page.url()}: ${error.message}`);
    });
  };
  for (const page of context.pages()) onPage(page);
  context.on('page', onPage);
}

export const test = base.extend<{ cspGuard: undefined }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await watch(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  cspGuard: [
    async ({ context }, use) => {
      await watch(context);
      violations.length = 0;
      await use(undefined);
      expect(violations, 'Content Security Policy violations and hydration errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** The violations logged so far in this journey, forgotten: for a journey that provokes one on purpose. */
export const takeViolations = (): string[] => violations.splice(0);

export { expect };
