import type { ContactRequest } from '@darsak/domain/contact';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { contactRequestMessage } from './contact.messages.ts';
import * as repo from './contact.repo.ts';

export interface ContactDeps {
  db: Db;
  clock: Clock;
  outbox: Pick<Outbox, 'enqueue' | 'kick'>;
  /** Where staff are told of new requests (CONTACT_INBOX_EMAIL); without it requests are only stored. */
  inboxEmail?: string | undefined;
}

/** CONTACT REQUEST: messages from the site's contact form, kept for staff and e-mailed to their inbox. */
export function createContactService(deps: ContactDeps) {
  const { db, clock, outbox, inboxEmail } = deps;
  return {
    /** Stores the request (with the sender's account when signed in) and its staff e-mail in one transaction. */
    async create(input: ContactRequest, sender: AuthUser | null): Promise<{ ok: true }> {
      await db.transaction(async (tx) => {
        const request = await repo.insertContactRequest(tx, {
          ...input,
          userId: sender?.id ?? null,
          createdAt: clock.now(),
        });
        if (inboxEmail) {
          await outbox.enqueue(tx, {
            channel: 'email',
            to: inboxEmail,
            template: 'contact-request',
            ...contactRequestMessage(request),
          });
        }
      });
      if (inboxEmail) outbox.kick();
      return { ok: true };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
