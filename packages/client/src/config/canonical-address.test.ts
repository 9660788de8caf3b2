import { describe, expect, it } from 'vitest';
import { canonicalAddress } from './canonical-address.ts';

describe('canonicalAddress', () => {
  it('sends a page opened at another origin to the configured one, keeping path, query and hash', () => {
    expect(
      canonicalAddress('http://127.0.0.1:3000/checkout/1/month?transactionId=5#pay', 'http://localhost:3000'),
    ).toBe('http://localhost:3000/checkout/1/month?transactionId=5#pay');
    expect(canonicalAddress('http://10.0.0.5/tutors', 'https://app.darsak.eg')).toBe('https://app.darsak.eg/tutors');
  });

  it('leaves a page at its configured origin, or when nothing is configured, where it is', () => {
    expect(canonicalAddress('https://app.darsak.eg/tutors?page=2', 'https://app.darsak.eg/')).toBeNull();
    expect(canonicalAddress('http://127.0.0.1:3000/', undefined)).toBeNull();
  });
});
