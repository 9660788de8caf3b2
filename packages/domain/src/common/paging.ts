import { z } from 'zod';
import { textInt } from './ids.ts';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** `?page=1&size=10` of DESIGN §3. */
export const PageQuery = z.object({
  page: textInt(z.number().int().min(1).max(1_000_000)).default(1),
  size: textInt(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** `?q=` of the staff lists: the text searched for, trimmed (a name, an e-mail, a phone, an id…). */
export const SearchText = z.string().trim().max(100);

/** `{total, list}` list shape of spec §7. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int().min(0), list: z.array(item) });
export type Page<T> = { total: number; list: T[] };

export const offsetOf = ({ page, size }: PageQuery) => (page - 1) * size;
