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

  it('defuses a formula behind a leading tab or carriage return', () => {
    expect(toCsv([['\t=HYPERLINK("x")'], ['\r+1']])).toBe('\uFEFF"\'\t=HYPERLINK(""x"")"\r\n"\'\r+1"\r\n');
  });
});
