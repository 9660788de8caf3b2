import type { RouteContract } from '@darsak/domain/contract';
import fc from 'fast-check';
import type { ExampleRequest } from './access-policy.ts';
import type { JsonSchema, PublishedOperation } from './openapi.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function patternOf(source: string): RegExp {
  try {
    return new RegExp(source, 'u');
  } catch {
    return new RegExp(source);
  }
}

/** Ids that exist nowhere, so a derived request never touches a seeded object by chance. */
const isIdName = (name: string) => name === 'id' || name.endsWith('Id');

/** A value the schema describes: required keys only, lowest bounds, first enum member, ids past any row. */
function valueFor(schema: JsonSchema, seed: number, name = ''): unknown {
  if (schema.enum) return schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return valueFor(branch, seed, name);
  const type = [schema.type].flat()[0];
  if (type === 'object' || schema.properties) {
    const required = schema.required ?? [];
    return Object.fromEntries(required.map((key) => [key, valueFor(schema.properties?.[key] ?? {}, seed, key)]));
  }
  if (type === 'array') {
    return Array.from({ length: schema.minItems ?? 0 }, () => valueFor(schema.items ?? {}, seed));
  }
  if ((type === 'integer' || type === 'number') && isIdName(name)) return schema.maximum ?? 2_147_483_647;
  if (type === 'integer' || type === 'number') {
    const step = schema.multipleOf ?? 1;
    const lowest = Math.max(schema.minimum ?? 1, 1);
    return Math.min(Math.ceil(lowest / step) * step, schema.maximum ?? Number.MAX_SAFE_INTEGER);
  }
  if (type === 'boolean') return true;
  if (type === 'string') {
    const { format, pattern } = schema;
    if (format === 'date-time') return new Date(Date.now() + DAY_MS).toISOString();
    if (format === 'uri') return 'https://example.com/a';
    if (pattern) return fc.sample(fc.stringMatching(patternOf(pattern)), { numRuns: 1, seed })[0];
    return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
  return undefined;
}

const accepts = (schema: RouteContract['body'], value: unknown) => !schema || schema.safeParse(value).success;

function attempt(contract: RouteContract, op: PublishedOperation, seed: number): ExampleRequest {
  const params = Object.fromEntries(op.pathParams.map((p) => [p.name, String(valueFor(p.schema, seed, p.name))]));
  const required = op.queryParams.filter((p) => p.required);
  const query = Object.fromEntries(required.map((p) => [p.name, String(valueFor(p.schema, seed, p.name))]));
  return { params, query, ...(contract.body ? { body: valueFor(op.body ?? {}, seed) } : {}) };
}

/**
 * A request derived from the published schemas, for routes whose policy gives no example: a few seeds are tried
 * until the contract's own schemas accept every part (ids come out as 1, so it reaches "not found" at most).
 * When none fits, the last try still fills the path, and the access matrix asks for an example in the policy.
 */
export function derivedExample(contract: RouteContract, op: PublishedOperation): ExampleRequest {
  let example = attempt(contract, op, 1);
  for (let seed = 2; seed <= 20 && !isValid(contract, example); seed++) example = attempt(contract, op, seed);
  return example;
}

const isValid = (contract: RouteContract, { params, query, body }: ExampleRequest) =>
  accepts(contract.params, params) && accepts(contract.query, query) && accepts(contract.body, body);
