import type { ContactRequest } from './contact.table.ts';

/** The staff e-mail about a new contact request: plain text, so whatever the visitor wrote stays text. */
export function contactRequestMessage(request: ContactRequest): { subject: string; text: string } {
  const from = [
    request.name && `الاسم: ${request.name}`,
    request.email && `البريد: ${request.email}`,
    request.phone && `الموبايل: ${request.phone}`,
    request.userId && `حساب رقم ${request.userId} في درسك`,
  ].filter(Boolean);
  return {
    subject: `رسالة تواصل جديدة (${request.id}): ${request.title}`,
    text: [
      `وصلت رسالة جديدة من نموذج التواصل (رقم ${request.id}).`,
      '',
      `العنوان: ${request.title}`,
      '',
      request.message,
      '',
      ...(from.length > 0 ? from : ['لم يترك المرسل وسيلة للتواصل.']),
    ].join('\n'),
  };
}
