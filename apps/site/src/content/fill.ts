/** Writes named values into a content template: fill('{count} دروس', { count: '٤' }). */
export const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
