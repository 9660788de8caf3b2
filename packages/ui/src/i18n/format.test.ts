import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFormatters, formatDataSteps } from './format.ts';
import { LOCALES } from './locales.ts';

afterEach(() => vi.restoreAllMocks());

describe('formatDataSteps', () => {
  it.each(['ar', 'en'] as const)('builds in %s the money and date formatters a page then only uses', (locale) => {
    const money = new Intl.NumberFormat(LOCALES[locale].intl, { style: 'currency', currency: 'EGP' }).format(125);
    for (const step of formatDataSteps(locale)) step();
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const format = createFormatters(locale);
    expect(format.piastres(12_500)).toBe(money);
    expect(format.date('2026-11-30T10:00:00Z')).toContain(locale === 'ar' ? '٢٠٢٦' : '2026');
    expect(numbers).not.toHaveBeenCalled();
    expect(dates).not.toHaveBeenCalled();
  });
});
