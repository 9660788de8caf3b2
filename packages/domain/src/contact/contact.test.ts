import { describe, expect, it } from 'vitest';
import { ContactRequest } from './contact.schemas.ts';

const valid = { title: 'سؤال', message: 'عندي سؤال عن الباقات' };

describe('ContactRequest', () => {
  it('bounds the title to 3..100', () => {
    expect(ContactRequest.safeParse({ ...valid, title: 'abc' }).success).toBe(true);
    expect(ContactRequest.safeParse({ ...valid, title: 'x'.repeat(100) }).success).toBe(true);
    expect(ContactRequest.safeParse({ ...valid, title: ' ab ' }).error?.issues[0]?.message).toBe(
      'contact-title-length',
    );
    expect(ContactRequest.safeParse({ ...valid, title: 'x'.repeat(101) }).success).toBe(false);
  });

  it('bounds the message to 10..2000', () => {
    expect(ContactRequest.safeParse({ ...valid, message: 'x'.repeat(10) }).success).toBe(true);
    expect(ContactRequest.safeParse({ ...valid, message: 'x'.repeat(2000) }).success).toBe(true);
    expect(ContactRequest.safeParse({ ...valid, message: 'x'.repeat(9) }).error?.issues[0]?.message).toBe(
      'contact-message-length',
    );
    expect(ContactRequest.safeParse({ ...valid, message: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('takes optional contact details, validated when present', () => {
    expect(
      ContactRequest.safeParse({ ...valid, name: 'Ali', email: 'A@B.com', phone: '01012345678' }).data,
    ).toMatchObject({
      email: 'a@b.com',
    });
    expect(ContactRequest.safeParse({ ...valid, email: 'nope' }).success).toBe(false);
    expect(ContactRequest.safeParse({ title: 'abc' }).success).toBe(false);
  });
});
