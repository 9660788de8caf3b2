import { describe, expect, it } from 'vitest';
import { createFormatters } from './format.ts';
import { LOCALES, type Locale } from './locales.ts';
import { localeNumber } from './numbers.ts';

/** Counts, ratings and shares as pages show them, with up to four decimals, and the edges of the plain path. */
const VALUES = [
  0,
  1,
  7,
  999,
  999.9996,
  1000,
  1234567,
  2.5,
  4.8,
  4.85,
  4.855,
  4.95,
  4.999,
  1.115,
  0.125,
  0.005,
  0.0005,
  1e-7,
  1 / 3,
  -4,
  -2.75,
  1e13,
  1e16,
  ...Array.from({ length: 3000 }, (_, i) => Math.round(((i * 7919) % 100_000) * (i % 3 ? 1 : 37)) / 10 ** (i % 5)),
];
const OPTIONS: (Intl.NumberFormatOptions | undefined)[] = [
  undefined,
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 2, useGrouping: false },
];

describe.each(Object.keys(LOCALES) as Locale[])('numbers in %s', (locale) => {
  it.each(OPTIONS.map((options) => [JSON.stringify(options) ?? 'no options', options] as const))(
    'are written as Intl writes them, with %s',
    (_, options) => {
      const intl = new Intl.NumberFormat(LOCALES[locale].intl, options);
      const format = createFormatters(locale);
      for (const value of VALUES) {
        expect(localeNumber(locale, value, options as never), String(value)).toBe(intl.format(value));
        expect(format.number(value, options), String(value)).toBe(intl.format(value));
      }
    },
  );

  it('leave currencies and units to Intl', () => {
    const options = { style: 'unit', unit: 'minute', unitDisplay: 'long' } as const;
    expect(createFormatters(locale).number(30, options)).toBe(
      new Intl.NumberFormat(LOCALES[locale].intl, options).format(30),
    );
  });
});
