import type { Page } from '@darsak/domain/common';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

/** A cell quoted when it holds a separator, quote or line break; formula starters are neutralised. */
function cell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** CSV text with a byte-order mark, so spreadsheet programs read Arabic as UTF-8. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Every row of a filtered list, page by page (100 a page), up to `limit` rows. */
export async function fetchAllPages<Row>(
  fetchPage: (page: number, size: number) => Promise<Page<Row>>,
  limit = 10_000,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; rows.length < limit; page += 1) {
    const { total, list } = await fetchPage(page, 100);
    rows.push(...list);
    if (list.length === 0 || rows.length >= total) break;
  }
  return rows.slice(0, limit);
}

export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
