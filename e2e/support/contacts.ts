import type { APIRequestContext } from '@playwright/test';
import { latestCode } from './outbox.ts';
import type { Person } from './people.ts';
import { expect } from './test.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
let phones = 0;

/** An Egyptian mobile number no other run has used. */
export const newPhone = () => {
  phones += 1;
  return `015${String(Date.now() + phones).slice(-8)}`;
};

/** Verifies the person's e-mail and phone with the codes the local outbox received, as a person would. */
export async function verifyContacts(request: APIRequestContext, person: Person, phone: string): Promise<string> {
  const headers = bearer(person.token);
  const me = await (await request.get('/api/v1/user/current', { headers })).json();
  await request.post('/api/v1/confirmation-code/email/send', { headers, data: {} });
  const emailCode = await latestCode(request, me.email);
  const email = await request.post('/api/v1/confirmation-code/email/confirm', { headers, data: { code: emailCode } });
  expect(email.status(), await email.text()).toBe(200);
  await request.post('/api/v1/confirmation-code/phone/send', { headers, data: { method: 'whatsapp' } });
  const phoneCode = await latestCode(request, phone);
  const verified = await request.post('/api/v1/confirmation-code/phone/verify', { headers, data: { code: phoneCode } });
  expect(verified.status(), await verified.text()).toBe(200);
  return me.email as string;
}
