/** The Arabic-Indic digits 0 to 9, as Intl writes them for ar-EG: the digits of every Arabic text Darsak writes. */
export const ARABIC_INDIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/**
 * Arabic-Indic (٠–٩) and Persian (۰–۹) digits as Western ones, so a number typed on an Arabic keyboard (the digits
 * the Arabic pages show) is the same number.
 */
export const westernDigits = (value: string): string =>
  value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));

/**
 * A text written with Western digits in another set of ten (`digits`, 0 to 9), so a text never mixes two styles;
 * Latin names such as MP4, H.264 or 3-D Secure keep theirs, and so do a person's own words (`asTyped`).
 */
export function withDigits(text: string, digits: string): string {
  return text.replace(/\u2068[^\u2069]*\u2069|[A-Za-z0-9.-]*[A-Za-z][A-Za-z0-9.-]*|[0-9]/g, (token) =>
    token.length === 1 && token >= '0' && token <= '9' ? (digits[Number(token)] ?? token) : token,
  );
}

/**
 * A person's own words (a report's title, a staff note) inside a text Darsak writes: set apart as a bidi isolate
 * (FSI … PDI), so a Latin or mixed phrase keeps its order in an Arabic sentence, and left with the digits they typed.
 */
export const asTyped = (text: string): string => `\u2068${text.replace(/[\u2066-\u2069]/g, '')}\u2069`;

/** An Arabic text's numbers in Arabic-Indic digits (messages by WhatsApp, Telegram and e-mail, as the app writes). */
export const arabicDigits = (text: string): string => withDigits(text, ARABIC_INDIC_DIGITS);
