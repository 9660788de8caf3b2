import type { Db } from '../../platform/db/client.ts';
import { type ContactRequest, contactRequests, type NewContactRequest } from './contact.table.ts';

export async function insertContactRequest(db: Db, values: NewContactRequest): Promise<ContactRequest> {
  const [row] = await db.insert(contactRequests).values(values).returning();
  if (!row) throw new Error('contact request insert returned nothing');
  return row;
}
