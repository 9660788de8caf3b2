import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes what needs it, defuses formulas and starts with a BOM', () => {
    expect(
      toCsv([
        ['name', 'amount'],
        ['سارة, علي', 75.5],
        ['=cmd', null],
        ['say "hi"', -3],
      ]),
    ).toBe('\uFEFFname,amount\r\n"سارة, علي",75.5\r\n\'=cmd,\r\n"say ""hi""",-3\r\n');
  });
});
