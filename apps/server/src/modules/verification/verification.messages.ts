import { arabicDigits } from '@darsak/domain/common';
import { byGender } from '@darsak/domain/users';
import { html } from '../../platform/html.ts';

export interface ComposedMessage {
  subject?: string;
  text: string;
  html?: string;
}

/** Whom a message addresses: by name, and in the feminine for a woman. */
export interface Addressee {
  name: string;
  gender: string | null;
}

/** The wording for the addressee's gender. */
const to = (person: Addressee, male: string, female: string) => byGender(person.gender, { male, female });

/**
 * The code's lifetime is a platform setting, so the message says the one in force when it was sent. The texts
 * write numbers in Arabic-Indic digits, except the code itself: it is typed or pasted as it is, in Western digits
 * as every keyboard and the phone's code autofill have them.
 */
const validity = (person: Addressee, ttlMinutes: number) =>
  arabicDigits(
    `الكود صالح لمدة ${ttlMinutes} دقائق ويُستخدم مرة واحدة، ${to(person, 'لا تشاركه', 'لا تشاركيه')} مع أي شخص.`,
  );

/** WhatsApp (its template shows Meta's fixed wording; this is what the outbox shows) and Telegram. */
export const phoneCodeMessage = (person: Addressee, code: string, ttlMinutes: number): ComposedMessage => ({
  text: `درسك: كود تأكيد رقم هاتفك هو ${code}\n${validity(person, ttlMinutes)}`,
});

function email(p: { subject: string; name: string; lead: string; code: string; notes: string[] }): ComposedMessage {
  const greeting = `مرحبًا ${p.name}،`;
  const text = [greeting, '', `${p.lead} ${p.code}`, '', ...p.notes, '', 'فريق درسك'].join('\n');
  const body = html`<!doctype html>
<html lang="ar" dir="rtl">
<body style="margin:0;padding:24px;background:#f5f6fa;font-family:Tahoma,Arial,sans-serif;color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;text-align:right">
<h1 style="margin:0 0 16px;font-size:22px;color:#4338ca">درسك</h1>
<p>${greeting}</p>
<p>${p.lead}</p>
<p dir="ltr" style="font-size:36px;font-weight:bold;letter-spacing:10px;text-align:center;margin:24px 0">${p.code}</p>
${p.notes.map((note) => html`<p style="color:#4b5563;font-size:14px">${note}</p>`)}
<p>فريق درسك</p>
</div>
</body>
</html>`;
  return { subject: p.subject, text, html: body.value };
}

export const emailCodeMessage = (person: Addressee, code: string, ttlMinutes: number): ComposedMessage =>
  email({
    subject: 'كود تأكيد بريدك الإلكتروني في درسك',
    name: person.name,
    lead: 'كود تأكيد بريدك الإلكتروني في درسك هو:',
    code,
    notes: [
      validity(person, ttlMinutes),
      to(person, 'إذا لم تطلب هذا الكود فتجاهل هذه الرسالة.', 'إذا لم تطلبي هذا الكود فتجاهلي هذه الرسالة.'),
    ],
  });

export const passwordCodeMessage = (person: Addressee, code: string, ttlMinutes: number): ComposedMessage =>
  email({
    subject: 'إعادة تعيين كلمة المرور في درسك',
    name: person.name,
    lead: `${to(person, 'طلبتَ', 'طلبتِ')} إعادة تعيين كلمة مرور حسابك في درسك. كود إعادة التعيين هو:`,
    code,
    notes: [
      validity(person, ttlMinutes),
      'بعد تغيير كلمة المرور سيُسجَّل خروجك من كل الأجهزة.',
      to(
        person,
        'إذا لم تطلب ذلك فتجاهل هذه الرسالة، ولن تتغيّر كلمة مرورك.',
        'إذا لم تطلبي ذلك فتجاهلي هذه الرسالة، ولن تتغيّر كلمة مرورك.',
      ),
    ],
  });

export const emailChangeCodeMessage = (person: Addressee, code: string, ttlMinutes: number): ComposedMessage =>
  email({
    subject: 'كود تأكيد بريدك الإلكتروني الجديد في درسك',
    name: person.name,
    lead: `${to(person, 'طلبتَ', 'طلبتِ')} أن يصبح هذا العنوان بريد حسابك في درسك. كود التأكيد هو:`,
    code,
    notes: [
      validity(person, ttlMinutes),
      to(
        person,
        'إذا لم تطلب ذلك فتجاهل هذه الرسالة، ولن يتغيّر شيء.',
        'إذا لم تطلبي ذلك فتجاهلي هذه الرسالة، ولن يتغيّر شيء.',
      ),
    ],
  });

/** The notice to the address a contact change leaves behind (or to the account's e-mail for a phone change). */
export function contactChangedNotice(p: { person: Addressee; what: 'email' | 'phone'; to: string }): ComposedMessage {
  const label = p.what === 'email' ? 'البريد الإلكتروني' : 'رقم الهاتف';
  const lines = [
    `مرحبًا ${p.person.name}،`,
    `تغيّر ${label} في حسابك في درسك إلى ${p.to}.`,
    to(
      p.person,
      'إذا لم تفعل ذلك بنفسك فتواصل معنا فورًا بالرد على هذه الرسالة أو من صفحة "تواصل معنا".',
      'إذا لم تفعلي ذلك بنفسك فتواصلي معنا فورًا بالرد على هذه الرسالة أو من صفحة "تواصل معنا".',
    ),
    'فريق درسك',
  ];
  const body = html`<!doctype html>
<html lang="ar" dir="rtl">
<body style="margin:0;padding:24px;background:#f5f6fa;font-family:Tahoma,Arial,sans-serif;color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;text-align:right">
<h1 style="margin:0 0 16px;font-size:22px;color:#4338ca">درسك</h1>
${lines.map((line) => html`<p>${line}</p>`)}
</div>
</body>
</html>`;
  return { subject: `تغيّر ${label} في حسابك في درسك`, text: lines.join('\n\n'), html: body.value };
}

/** "010…78": enough for a person to recognise their own number on the screen. */
export const maskPhone = (phone: string): string => `${phone.slice(0, 3)}…${phone.slice(-2)}`;

/** "mo…@example.com" */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, Math.min(2, Math.max(1, at - 1)))}…${address.slice(at)}`;
}
