import { Ok } from '../common/ids.ts';
import { defineRoute } from '../contract/define-route.ts';
import { ContactRequest } from './contact.schemas.ts';

export const contactContract = {
  create: defineRoute({
    method: 'POST',
    path: '/api/v1/contact-request/',
    summary: "Send a message to Darsak's team (the site's contact form); staff are told by e-mail",
    tags: ['contact-request'],
    auth: 'public',
    body: ContactRequest,
    response: Ok,
    status: 201,
    errors: ['too-many-requests', 'invalid-email-address', 'incorrect-phone'],
  }),
} as const;
