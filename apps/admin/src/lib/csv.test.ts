import { describe, expect, it } from 'vitest';
import { fetchAllPages, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes separators, quotes and line breaks, neutralises formulas, and starts with a byte-order mark', () => {
    const csv = toCsv(
      [
        { name: 'سارة, علي', note: 'قالت "مرحبا"\nثم غادرت', formula: '=HYPERLINK("x")', n: -5 },
        { name: 'Ali', note: null, formula: '@cmd', n: 3 },
      ],
      [
        { header: 'الاسم', value: (r) => r.name },
        { header: 'note', value: (r) => r.note },
        { header: 'f', value: (r) => r.formula },
        { header: 'n', value: (r) => r.n },
      ],
    );
    expect(csv).toBe(
      '\uFEFFالاسم,note,f,n\r\n"سارة, علي","قالت ""مرحبا""\nثم غادرت","\'=HYPERLINK(""x"")",-5\r\nAli,,\'@cmd,3\r\n',
    );
  });

  it('reads every page of the filtered list, and stops at the limit', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => i);
    const asked: number[] = [];
    const fetchPage = async (page: number, size: number) => {
      asked.push(page);
      return { total: rows.length, list: rows.slice((page - 1) * size, page * size) };
    };
    expect(await fetchAllPages(fetchPage)).toEqual(rows);
    expect(asked).toEqual([1, 2, 3]);
    expect(await fetchAllPages(fetchPage, 150)).toHaveLength(150);
  });
});
