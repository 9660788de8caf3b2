import { describe, expect, it } from 'vitest';
import { loadedCatalogue, loadLocale, registeredMessagesLoaded, registerMessages } from './catalogues.ts';
import type { FeatureMessages } from './messages.ts';

/** A feature of two messages whose English is fetched as a real one is (a chunk of its own). */
const featureOf = (key: string): FeatureMessages => ({
  ar: { [key]: `نص ${key}` },
  en: async () => ({ [key]: `text ${key}` }),
});
const textOf = (locale: 'ar' | 'en', key: string) => (loadedCatalogue(locale) as Record<string, unknown>)[key];

describe('registered feature catalogues', () => {
  it('are in Arabic at once, and in English when English is loaded after them', async () => {
    await registerMessages(featureOf('test.before'));
    expect(textOf('ar', 'test.before')).toBe('نص test.before');
    expect(loadedCatalogue('en')).toBeUndefined();
    await loadLocale('en');
    expect(textOf('en', 'test.before')).toBe('text test.before');
    expect(textOf('en', 'nav.login')).toBe('Sign in');
  });

  it('registered once English is loaded fetch their English before they resolve', async () => {
    await loadLocale('en');
    await registerMessages(featureOf('test.after'));
    expect(textOf('ar', 'test.after')).toBe('نص test.after');
    expect(textOf('en', 'test.after')).toBe('text test.after');
  });

  it('registered by a page module are in every loaded language once the router has awaited them', async () => {
    await loadLocale('en');
    void registerMessages(featureOf('test.page'));
    expect(textOf('en', 'test.page')).toBeUndefined();
    await registeredMessagesLoaded();
    expect(textOf('en', 'test.page')).toBe('text test.page');
  });
});
