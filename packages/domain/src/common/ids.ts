import { z } from 'zod';

/** Numeric ids of DESIGN §3 (Postgres integer range). */
export const Id = z.coerce.number().int().min(1).max(2_147_483_647);
export const IdParams = z.strictObject({ id: Id });
export const NoContent = z.null();
/** Response of calls that only confirm. */
export const Ok = z.object({ ok: z.literal(true) });
