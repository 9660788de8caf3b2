import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isFieldMessageKey } from '../common/field-messages.ts';
import { egyptianMobileOf } from './phone.ts';
import {
  ArabicText,
  ArabicTwoPartName,
  BirthYear,
  birthYearSchema,
  EgyptianMobile,
  Email,
  InstapayAddress,
  Password,
  PasswordWithConfirmation,
  PersonName,
  passwordsMatch,
  TutorBio,
} from './users.schemas.ts';

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('Password', () => {
  it('accepts 8 and 50 characters, refuses 7 and 51', () => {
    expect(ok(Password, 'abcdefg1')).toBe(true);
    expect(ok(Password, `a${'1'.repeat(49)}`)).toBe(true);
    expect(firstMessage(Password, 'abcdef1')).toBe('password-length');
    expect(firstMessage(Password, `a${'1'.repeat(50)}`)).toBe('password-length');
  });

  it('needs a digit and a letter, and no whitespace', () => {
    expect(firstMessage(Password, 'abcdefgh')).toBe('password-needs-digit');
    expect(firstMessage(Password, '12345678')).toBe('password-needs-letter');
    expect(firstMessage(Password, 'abcd 1234')).toBe('password-no-spaces');
    expect(firstMessage(Password, 'abcd\t1234')).toBe('password-no-spaces');
    expect(ok(Password, 'كلمةسر123')).toBe(true);
  });
});

describe('Email', () => {
  it('trims and lower-cases', () => {
    expect(Email.parse('  Ahmed.Ali+x@Example.COM ')).toBe('ahmed.ali+x@example.com');
  });

  it('needs a 2 to 4 letter top level', () => {
    expect(ok(Email, 'a@b.eg')).toBe(true);
    expect(ok(Email, 'a@b.info')).toBe(true);
    expect(ok(Email, 'a@mail.co.uk')).toBe(true);
    expect(ok(Email, 'a@b.c')).toBe(false);
    expect(ok(Email, 'a@b.museum')).toBe(false);
  });

  it('refuses malformed addresses', () => {
    for (const bad of ['', 'a', 'a@b', '@b.com', 'a b@c.com', 'a@@b.com', 'a@b..com']) {
      expect(firstMessage(Email, bad)).toBe('email-invalid');
    }
  });

  it('refuses addresses longer than 254 characters', () => {
    expect(ok(Email, `${'a'.repeat(249)}@b.com`)).toBe(false);
  });
});

describe('EgyptianMobile', () => {
  it('accepts the four networks', () => {
    for (const prefix of ['010', '011', '012', '015']) expect(ok(EgyptianMobile, `${prefix}12345678`)).toBe(true);
  });

  it('refuses other prefixes and lengths', () => {
    expect(ok(EgyptianMobile, '01312345678')).toBe(false);
    expect(ok(EgyptianMobile, '0101234567')).toBe(false);
    expect(ok(EgyptianMobile, '010123456789')).toBe(false);
    expect(ok(EgyptianMobile, '+201012345678')).toBe(false);
    expect(firstMessage(EgyptianMobile, '٠١٣١٢٣٤٥٦٧٨')).toBe('phone-invalid');
  });

  it('reads Arabic-Indic and Persian digits (an Arabic keyboard types them) as Western ones', () => {
    expect(EgyptianMobile.parse('٠١٠١٢٣٤٥٦٧٨')).toBe('01012345678');
    expect(EgyptianMobile.parse('۰۱۱۱۲۳۴۵۶۷۸')).toBe('01112345678');
  });

  it('trims', () => {
    expect(EgyptianMobile.parse(' 01012345678 ')).toBe('01012345678');
  });

  it('is the rule egyptianMobileOf applies without zod', () => {
    const typed = [
      '01012345678',
      ' ٠١٠١٢٣٤٥٦٧٨ ',
      '۰۱۱۱۲۳۴۵۶۷۸',
      '01312345678',
      '0101234567',
      '+201012345678',
      '',
      'abc',
    ];
    for (const text of typed) {
      const parsed = EgyptianMobile.safeParse(text);
      expect(egyptianMobileOf(text)).toBe(parsed.success ? parsed.data : null);
    }
  });
});

describe('InstapayAddress', () => {
  it('is word characters then @instapay', () => {
    expect(InstapayAddress.parse(' Ahmed_1@InstaPay ')).toBe('ahmed_1@instapay');
    expect(ok(InstapayAddress, 'a@instapay')).toBe(true);
    expect(ok(InstapayAddress, '@instapay')).toBe(false);
    expect(ok(InstapayAddress, 'ahmed.ali@instapay')).toBe(false);
    expect(ok(InstapayAddress, 'ahmed@instapay.com')).toBe(false);
  });
});

describe('PersonName', () => {
  it('is 2 to 60 letters', () => {
    expect(ok(PersonName, 'Al')).toBe(true);
    expect(ok(PersonName, 'A'.repeat(60))).toBe(true);
    expect(firstMessage(PersonName, 'A')).toBe('name-length');
    expect(firstMessage(PersonName, 'A'.repeat(61))).toBe('name-length');
    expect(ok(PersonName, 'محمد Ali')).toBe(true);
    expect(firstMessage(PersonName, 'Ali3')).toBe('name-letters-only');
  });

  it('counts the length after trimming', () => {
    expect(ok(PersonName, '   A   ')).toBe(false);
    expect(PersonName.parse('  Ali  ')).toBe('Ali');
  });
});

describe('ArabicTwoPartName', () => {
  it('needs Arabic and two parts, up to 60 characters', () => {
    expect(ok(ArabicTwoPartName, 'أحمد علي')).toBe(true);
    expect(ok(ArabicTwoPartName, 'Ahmed Ali')).toBe(false);
    expect(ok(ArabicTwoPartName, 'أحمد')).toBe(false);
    const longest = `${'ب'.repeat(30)} ${'ب'.repeat(29)}`;
    expect(ok(ArabicTwoPartName, longest)).toBe(true);
    expect(firstMessage(ArabicTwoPartName, `${longest}ب`)).toBe('name-length');
  });
});

describe('ArabicText and TutorBio', () => {
  it('bounds the length', () => {
    expect(ok(ArabicText, 'مرحبا')).toBe(true);
    expect(ok(ArabicText, 'م'.repeat(2000))).toBe(true);
    expect(firstMessage(ArabicText, 'م'.repeat(2001))).toBe('text-too-long');
    expect(ok(TutorBio, 'م'.repeat(300))).toBe(true);
    expect(ok(TutorBio, 'م'.repeat(301))).toBe(false);
    expect(firstMessage(ArabicText, 'Hello world')).toBe('arabic-text-mainly');
  });
});

describe('BirthYear', () => {
  it('checks against an injected year at the bounds', () => {
    const schema = birthYearSchema(2025);
    expect(ok(schema, 1925)).toBe(true);
    expect(ok(schema, 2015)).toBe(true);
    expect(firstMessage(schema, 1924)).toBe('birth-year-range');
    expect(firstMessage(schema, 2016)).toBe('birth-year-range');
    expect(ok(schema, 1990.5)).toBe(false);
  });

  it('checks against the current year by default', () => {
    const year = new Date().getUTCFullYear();
    expect(ok(BirthYear, year - 10)).toBe(true);
    expect(ok(BirthYear, year - 9)).toBe(false);
    expect(ok(BirthYear, year - 100)).toBe(true);
    expect(ok(BirthYear, year - 101)).toBe(false);
    expect(ok(BirthYear, '1990')).toBe(false);
  });
});

describe('passwordsMatch', () => {
  it('passes equal passwords and flags confirmPassword otherwise', () => {
    expect(ok(PasswordWithConfirmation, { password: 'abcdefg1', confirmPassword: 'abcdefg1' })).toBe(true);
    const issue = PasswordWithConfirmation.safeParse({ password: 'abcdefg1', confirmPassword: 'abcdefg2' }).error
      ?.issues[0];
    expect(issue?.message).toBe('passwords-mismatch');
    expect(issue?.path).toEqual(['confirmPassword']);
  });

  it('composes with other shapes', () => {
    const Reset = z
      .object({ email: Email, code: z.string(), password: Password, confirmPassword: z.string() })
      .superRefine(passwordsMatch);
    expect(ok(Reset, { email: 'a@b.com', code: '12345', password: 'abcdefg1', confirmPassword: 'x' })).toBe(false);
  });
});

describe('messages', () => {
  it('are all field-message keys', () => {
    const samples: [z.ZodType, unknown][] = [
      [Password, 'a'],
      [Password, 'abcdefgh'],
      [Email, 'x'],
      [EgyptianMobile, 'x'],
      [InstapayAddress, 'x'],
      [PersonName, '1'],
      [ArabicTwoPartName, 'x'],
      [ArabicText, 'x'],
      [BirthYear, 1],
    ];
    for (const [schema, value] of samples) {
      for (const issue of schema.safeParse(value).error?.issues ?? [])
        expect(isFieldMessageKey(issue.message)).toBe(true);
    }
  });
});
