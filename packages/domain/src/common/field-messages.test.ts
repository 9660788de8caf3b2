import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES_EN } from './field-messages.en.ts';
import { FIELD_MESSAGE_KEYS, FIELD_MESSAGES_AR, isFieldMessageKey } from './field-messages.ts';

describe('field messages', () => {
  it('have Arabic and English text for every key', () => {
    for (const key of FIELD_MESSAGE_KEYS) {
      expect(FIELD_MESSAGES_AR[key].length).toBeGreaterThan(0);
      expect(FIELD_MESSAGES_EN[key].length).toBeGreaterThan(0);
    }
  });

  it('recognises keys', () => {
    expect(isFieldMessageKey('password-length')).toBe(true);
    expect(isFieldMessageKey('toString')).toBe(false);
    expect(isFieldMessageKey(1)).toBe(false);
  });
});
