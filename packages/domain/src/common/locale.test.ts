import { describe, expect, it } from 'vitest';
import { requestedLocale } from './locale.ts';

describe('the language a page is asked in', () => {
  it('is the address’s ?lang=, else the remembered choice’s cookie, else Arabic', () => {
    expect(requestedLocale('/tutors?topic=3&lang=en')).toBe('en');
    expect(requestedLocale('/tutors?lang=ar', 'darsak.locale=en')).toBe('ar');
    expect(requestedLocale('/plans', 'other=1; darsak.locale=en')).toBe('en');
    expect(requestedLocale('/plans?lang=fr', 'darsak.locale=xx')).toBe('ar');
    expect(requestedLocale('/')).toBe('ar');
  });
});
