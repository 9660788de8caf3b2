/** JSON to write inside an HTML script element (code or data block): `<` escaped, so no value can close it. */
export const jsonInHtml = (value: unknown): string => JSON.stringify(value).replaceAll('<', '\\u003c');
