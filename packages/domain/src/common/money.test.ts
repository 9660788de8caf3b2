import { describe, expect, it } from 'vitest';
import { egpToPiastres, formatEgp, isWholePiastres, Piastres, piastresToDecimal, piastresToEgp } from './money.ts';

describe('money', () => {
  it('converts EGP to whole piastres, rounding binary noise correctly', () => {
    expect(egpToPiastres(0)).toBe(0);
    expect(egpToPiastres(0.01)).toBe(1);
    expect(egpToPiastres(2.5)).toBe(250);
    expect(egpToPiastres(1.005)).toBe(101);
    expect(egpToPiastres(0.1 + 0.2)).toBe(30);
    expect(egpToPiastres(50_000)).toBe(5_000_000);
    expect(egpToPiastres(-1.005)).toBe(-101);
  });

  it('refuses non-finite amounts', () => {
    expect(() => egpToPiastres(Number.NaN)).toThrow(RangeError);
    expect(() => egpToPiastres(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('converts piastres back to EGP', () => {
    expect(piastresToEgp(0)).toBe(0);
    expect(piastresToEgp(1)).toBe(0.01);
    expect(piastresToEgp(250)).toBe(2.5);
    expect(piastresToEgp(egpToPiastres(1234.56))).toBe(1234.56);
  });

  it('writes piastres as exact two-decimal EGP strings', () => {
    expect(piastresToDecimal(2_050)).toBe('20.50');
    expect(piastresToDecimal(15_000)).toBe('150.00');
    expect(piastresToDecimal(5)).toBe('0.05');
    expect(piastresToDecimal(0)).toBe('0.00');
    expect(piastresToDecimal(123_456_789)).toBe('1234567.89');
    expect(piastresToDecimal(-101)).toBe('-1.01');
  });

  it('knows amounts with at most two decimals', () => {
    expect(isWholePiastres(100)).toBe(true);
    expect(isWholePiastres(100.5)).toBe(true);
    expect(isWholePiastres(100.55)).toBe(true);
    expect(isWholePiastres(100.555)).toBe(false);
    expect(isWholePiastres(Number.NaN)).toBe(false);
  });

  it('validates stored piastres', () => {
    expect(Piastres.safeParse(0).success).toBe(true);
    expect(Piastres.safeParse(-1).success).toBe(false);
    expect(Piastres.safeParse(1.5).success).toBe(false);
  });

  it('formats in Arabic by default and in other locales on request', () => {
    const ar = formatEgp(123_450);
    expect(ar).toBe(new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP' }).format(1234.5));
    expect(ar).toContain('٢٣٤');
    expect(ar).toContain('ج.م.');
    // ICU separates the currency with a no-break space.
    const en = (piastres: number) => formatEgp(piastres, 'en-US').replace(/\s/g, ' ');
    expect(en(123_450)).toBe('EGP 1,234.50');
    expect(en(0)).toBe('EGP 0.00');
    expect(en(1)).toBe('EGP 0.01');
  });
});
