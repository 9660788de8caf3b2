import { z } from 'zod';

/** Numeric ids of DESIGN §3 (Postgres integer range). */
const MAX_ID = 2_147_483_647;

/** An id in a JSON body: a positive safe integer, never a string, boolean or array turned into one. */
export const Id = z.number().int().min(1).max(MAX_ID);

/**
 * A whole number read from a path or query string: decimal digits only (no "0x6", "1e1", "+6", " 6" or "6.0"),
 * then `schema`'s own checks. A number is accepted as is, so clients may pass numbers when they build the URL.
 */
export const textInt = <T extends z.ZodType<number, number>>(schema: T) =>
  z.union([
    schema,
    z
      .string()
      .regex(/^[0-9]{1,16}$/)
      .transform(Number)
      .pipe(schema),
  ]);

/** An id in a path or query string. */
export const IdParam = textInt(Id);
export const IdParams = z.strictObject({ id: IdParam });
export const NoContent = z.null();
/** Response of calls that only confirm. */
export const Ok = z.object({ ok: z.literal(true) });
