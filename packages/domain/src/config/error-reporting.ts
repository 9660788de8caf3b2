/**
 * Error reporting's shared rules (spec §1): where a report goes (a Sentry-style DSN) and what it may not carry.
 * The browser SDK's hooks and the server's own reporter both pass every report through `scrubDeep`.
 */

/** What a report names a build by: the same on the server and in the front ends. */
export const releaseOf = (version: string): string => `darsak@${version}`;

const DIGIT = '[0-9\\u0660-\\u0669]';
const REPLACEMENTS: ReadonlyArray<readonly [RegExp, string]> = [
  // A bearer token, and any JSON Web Token on its own (in a message, a URL, a header copied into an error).
  [/\bBearer\s+[\w.~+/=-]+/gi, 'Bearer [token]'],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[token]'],
  // Secrets in a URL's query or fragment: verification and reset codes, invite and access tokens.
  [/([?&#;](?:code|otp|token|access_token|refresh_token|password|secret|key)=)[^&#\s"']*/gi, '$1[redacted]'],
  // An invitation's token is a path segment (/invite/:token).
  [/(\/invite\/)[^/?#\s"']+/gi, '$1[token]'],
  // An e-mail address, also as a link's query writes it (`sara%2B1%40example.com`).
  [/(?:[\w.+-]|%[0-9A-F]{2})+(?:@|%40)(?:[\w-]+\.)+[A-Za-z]{2,}/gi, '[email]'],
  // Egyptian mobile numbers, national (01x…) or international (+20 / 0020, `%2B20` in a link), Latin or
  // Arabic-Indic digits.
  [
    new RegExp(
      `(?<!${DIGIT})(?:(?:\\+|%2[Bb]|00|٠٠)(?:20|٢٠)[\\s-]?|[0٠])[1١][0125٠١٢٥](?:[\\s-]?${DIGIT}){8}(?!${DIGIT})`,
      'g',
    ),
    '[phone]',
  ],
  // A verification code named as one in a message ("code 12345", "رمز التحقق: 12345").
  [new RegExp(`(\\b(?:code|otp)\\b|رمز(?: التحقق)?)([\\s:=]{0,3})${DIGIT}{4,8}(?!${DIGIT})`, 'giu'), '$1$2[code]'],
];

/** The text with e-mail addresses, Egyptian phone numbers, tokens and verification codes blanked out. */
export function scrubPersonalData(text: string): string {
  return REPLACEMENTS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** A report (any JSON-like value) with every string in it scrubbed; keys are kept, other values untouched. */
export function scrubDeep<T>(value: T): T {
  if (typeof value === 'string') return scrubPersonalData(value) as T;
  if (Array.isArray(value)) return value.map(scrubDeep) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v)])) as T;
  }
  return value;
}

export interface ErrorReportingTarget {
  /** Where envelopes are posted: `<origin><path>/api/<project>/envelope/`. */
  envelopeUrl: string;
  publicKey: string;
  projectId: string;
}

/**
 * The endpoint a DSN (`https://<public key>@<host>[/<path>]/<project>`) names, as Sentry's own SDKs read it; an
 * address without a public key or a project is no DSN (undefined), and nothing is reported to it.
 */
export function errorReportingTarget(dsn: string): ErrorReportingTarget | undefined {
  // Parsed by hand: the domain package runs where no URL class is declared (plain ECMAScript).
  const match = /^(https?):\/\/([^@/?#]+)@([^/?#]+)((?:\/[^/?#]+)*)\/(\d+)\/?$/.exec(dsn.trim());
  if (!match) return undefined;
  const [, protocol, publicKey = '', host, prefix = '', projectId = ''] = match;
  return {
    envelopeUrl: `${protocol}://${host}${prefix}/api/${projectId}/envelope/`,
    publicKey: decodeURIComponent(publicKey.split(':')[0] ?? ''),
    projectId,
  };
}
