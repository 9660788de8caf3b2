import { z } from 'zod';

/** Money is EGP kept as integer piastres (DESIGN §3) so sums never drift. */
export const PIASTRES_PER_EGP = 100;

/** The one currency Darsak charges in (ISO 4217), as providers write it. */
export const CURRENCY = 'EGP';

/** An amount of money in piastres: a whole, non-negative number. */
export const Piastres = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Rounds half away from zero; `toPrecision` first removes binary noise such as 1.005 * 100 = 100.4999… */
export function egpToPiastres(egp: number): number {
  if (!Number.isFinite(egp)) throw new RangeError(`not a finite amount: ${egp}`);
  const raw = Number.parseFloat((egp * PIASTRES_PER_EGP).toPrecision(12));
  return Math.sign(raw) * Math.round(Math.abs(raw));
}

export const piastresToEgp = (piastres: number): number => piastres / PIASTRES_PER_EGP;

/** An amount in piastres as a two-decimal EGP string, exactly ("%.2f" of providers: 12345 → "123.45"). */
export function piastresToDecimal(piastres: number): string {
  const abs = Math.abs(piastres);
  return `${piastres < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** True when an EGP amount has at most two decimals, i.e. maps exactly to piastres. */
export const isWholePiastres = (egp: number): boolean =>
  Number.isFinite(egp) && Math.abs(egp * PIASTRES_PER_EGP - egpToPiastres(egp)) < 1e-6;

const formatters = new Map<string, Intl.NumberFormat>();

/** Shows piastres as EGP in the user's locale (Arabic-Indic digits and «ج.م.» for ar-EG). */
export function formatEgp(piastres: number, locale = 'ar-EG'): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY });
    formatters.set(locale, formatter);
  }
  return formatter.format(piastresToEgp(piastres));
}
