/** An ILIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const containing = (text: string): string => `%${text.replace(/[%_\\]/g, '\\$&')}%`;
