import { describe, expect, it } from 'vitest';
import { Id, IdParam } from './ids.ts';

describe('ids', () => {
  it('in a JSON body: positive safe integers only, nothing coerced', () => {
    expect(Id.parse(6)).toBe(6);
    expect(Id.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const bad of [true, [6], '6', '0x6', '1e1', 0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, null, {}]) {
      expect(Id.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('in a path or query: decimal digits only', () => {
    expect(IdParam.parse('6')).toBe(6);
    expect(IdParam.parse('06')).toBe(6);
    expect(IdParam.parse(6)).toBe(6);
    for (const bad of ['0x6', '1e1', '+6', ' 6', '6 ', '6.0', '', '0', '-1', '2147483648', '٦', true, ['6']]) {
      expect(IdParam.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
