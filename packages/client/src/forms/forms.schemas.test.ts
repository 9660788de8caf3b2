import { describe, expect, it } from 'vitest';
import { ChangePasswordForm, ContactForm } from './forms.schemas.ts';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('ContactForm', () => {
  it('leaves blank optional details out and trims the text', () => {
    expect(
      ContactForm.parse({ title: ' سؤال ', message: ' عندي سؤال عن الباقات ', name: ' ', email: '', phone: '' }),
    ).toEqual({ title: 'سؤال', message: 'عندي سؤال عن الباقات' });
  });

  it('says which fields are required, too short or malformed', () => {
    expect(messagesOf(ContactForm.safeParse({ title: '', message: 'short', email: 'nope', phone: '0123' }))).toEqual({
      title: 'required',
      message: 'contact-message-length',
      email: 'email-invalid',
      phone: 'phone-invalid',
    });
  });
});

describe('ChangePasswordForm', () => {
  it('needs the current password, a valid new one and the same confirmation', () => {
    expect(
      messagesOf(ChangePasswordForm.safeParse({ currentPassword: '', password: 'short1', confirmPassword: 'x' })),
    ).toEqual({ currentPassword: 'required', password: 'password-length', confirmPassword: 'passwords-mismatch' });
    expect(
      ChangePasswordForm.safeParse({ currentPassword: 'old', password: 'fresh-pass9', confirmPassword: 'fresh-pass9' })
        .success,
    ).toBe(true);
  });
});
