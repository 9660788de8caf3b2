import { downloadBlob } from './download.ts';

/** One CSV cell: quoted when it holds a separator, quote or line break; formula starts are defused for spreadsheets. */
function cell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  // OWASP's list: a leading tab or carriage return starts a formula too in some spreadsheet programs.
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 text with a byte-order mark, so spreadsheet programs read Arabic names correctly. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Offers the rows to the browser as a download named `fileName`. */
export function downloadCsv(fileName: string, rows: Parameters<typeof toCsv>[0]): void {
  downloadBlob(fileName, new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
}
