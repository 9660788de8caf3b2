/**
 * Arabic-Indic (٠–٩) and Persian (۰–۹) digits as Western ones, so a number typed on an Arabic keyboard (the digits
 * the Arabic pages show) is the same number.
 */
export const westernDigits = (value: string): string =>
  value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
