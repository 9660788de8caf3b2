import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CONTRACTS } from '../../../test/harness/contracts.ts';

/**
 * The apps take the API's answers as they come and are built without the contracts' schemas
 * (packages/client/vite/contracts-without-schemas.mjs). That holds only while parsing an answer would change
 * nothing: no response schema may transform, coerce or fill in a default.
 */
const CHANGING = new Set(['pipe', 'transform', 'default', 'prefault', 'catch']);

interface Def {
  type: string;
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: readonly z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** The paths (`.list[].rating`) inside a schema where parsing would change the value. */
function changesIn(schema: z.ZodType, at = '', seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  if (CHANGING.has(def.type) || def.coerce) return [`${at || '(root)'}: ${def.coerce ? 'coerce' : def.type}`];
  const inner: [string, z.ZodType | null | undefined][] = [
    ...Object.entries(def.shape ?? {}).map(([key, value]): [string, z.ZodType] => [`${at}.${key}`, value]),
    [`${at}[]`, def.element],
    [at, def.innerType],
    ...(def.options ?? []).map((option, index): [string, z.ZodType] => [`${at}|${index}`, option]),
    [at, def.left],
    [at, def.right],
    [`${at}{key}`, def.keyType],
    [`${at}{}`, def.valueType],
    ...(def.items ?? []).map((item, index): [string, z.ZodType] => [`${at}[${index}]`, item]),
    [`${at}[...]`, def.rest],
    [at, def.type === 'lazy' ? def.getter?.() : undefined],
  ];
  return inner.flatMap(([path, child]) => (child ? changesIn(child, path, seen) : []));
}

describe('response schemas', () => {
  it('change nothing when parsed, so the apps can take answers as sent', () => {
    const changing = Object.entries(CONTRACTS).flatMap(([module, routes]) =>
      Object.entries(routes).flatMap(([name, contract]) =>
        changesIn(contract.response).map((change) => `${module}.${name} ${change}`),
      ),
    );
    expect(changing).toEqual([]);
  });

  it('are checked deep inside: a default in a nested list is found', async () => {
    const { z } = await import('zod');
    const schema = z.object({ list: z.array(z.object({ n: z.number().default(1) })).nullable() });
    expect(changesIn(schema)).toEqual(['.list[].n: default']);
  });
});
