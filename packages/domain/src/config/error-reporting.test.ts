import { describe, expect, it } from 'vitest';
import { errorReportingTarget, releaseOf, scrubDeep, scrubPersonalData } from './error-reporting.ts';

describe('scrubbing personal data from error reports', () => {
  it('blanks e-mail addresses but keeps the release name', () => {
    expect(scrubPersonalData('no account for sara.k+1@example.com.eg')).toBe('no account for [email]');
    expect(scrubPersonalData(releaseOf('0.1.0'))).toBe('darsak@0.1.0');
  });

  it('blanks Egyptian mobile numbers in every common spelling', () => {
    for (const phone of ['01012345678', '+201012345678', '00201512345678', '+20 101 234 5678', '٠١٠١٢٣٤٥٦٧٨']) {
      expect(scrubPersonalData(`call ${phone} now`)).toBe('call [phone] now');
    }
    // Not a phone: an id, an amount, a longer number.
    expect(scrubPersonalData('lesson 4512 cost 01234 in 010123456789012')).toBe(
      'lesson 4512 cost 01234 in 010123456789012',
    );
  });

  it('blanks bearer tokens, JSON Web Tokens and secrets in URLs', () => {
    expect(scrubPersonalData('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [token]');
    expect(scrubPersonalData('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-nat_ure')).toBe('token [token]');
    expect(scrubPersonalData('GET /reset-password?email=x&code=12345&next=/')).toBe(
      'GET /reset-password?email=x&code=[redacted]&next=/',
    );
    expect(scrubPersonalData('https://app.test/invite/Zx9_abc?x=1')).toBe('https://app.test/invite/[token]?x=1');
  });

  it('blanks contact details a link writes percent-encoded', () => {
    expect(scrubPersonalData('https://app.test/reset-password?email=sara.k%2B1%40example.com&code=1')).toBe(
      'https://app.test/reset-password?email=[email]&code=[redacted]',
    );
    expect(scrubPersonalData('/s/settings?phone=%2B201012345678&x=1')).toBe('/s/settings?phone=[phone]&x=1');
  });

  it('blanks verification codes named in a message', () => {
    expect(scrubPersonalData('wrong code 12345 for user')).toBe('wrong code [code] for user');
    expect(scrubPersonalData('رمز التحقق: ٥٤٣٢١')).toBe('رمز التحقق: [code]');
  });

  it('scrubs every string of a report and leaves the rest alone', () => {
    const report = { message: 'a@b.co', list: ['01012345678', 7], nested: { ok: true, url: '/x?otp=99' } };
    expect(scrubDeep(report)).toEqual({
      message: '[email]',
      list: ['[phone]', 7],
      nested: { ok: true, url: '/x?otp=[redacted]' },
    });
  });
});

describe('the error-reporting address', () => {
  it('reads a DSN as Sentry does', () => {
    expect(errorReportingTarget('https://k3y@o1.ingest.example.io/42')).toEqual({
      envelopeUrl: 'https://o1.ingest.example.io/api/42/envelope/',
      publicKey: 'k3y',
      projectId: '42',
    });
    expect(errorReportingTarget('http://k@127.0.0.1:9000/sentry/7')?.envelopeUrl).toBe(
      'http://127.0.0.1:9000/sentry/api/7/envelope/',
    );
  });

  it('is no DSN without a public key or a numeric project', () => {
    expect(errorReportingTarget('https://errors.example.com/42')).toBeUndefined();
    expect(errorReportingTarget('https://k@errors.example.com/')).toBeUndefined();
    expect(errorReportingTarget('not a url')).toBeUndefined();
  });
});
