import { buildPath, type RouteContract } from '@darsak/domain/contract';
import type { InjectOptions } from 'fastify';
import type { z } from 'zod';
import type { ExampleRequest } from './access-policy.ts';
import { injectOptionsFor } from './example-request.ts';
import { multipartRequest } from './multipart.ts';
import type { JsonSchema, PublishedOperation } from './openapi.ts';

/**
 * One request derived from a valid example with one thing changed. `bad`: the contract's schema rejects it, so
 * the answer must be a coded 4xx and nothing may change. `edge`: the schema accepts a hostile value (a NUL byte,
 * a LIKE escape, an int32 bound), so the request may succeed, but it must never end in a 5xx.
 */
export interface InputCase {
  name: string;
  kind: 'bad' | 'edge';
  request: InjectOptions;
  /** The value put into the example, when the case changes one value. */
  changed?: unknown;
}

export const HUGE_TEXT = 'a'.repeat(100_000);
const WRONG_TYPES: unknown[] = ['text', 12345, true, {}, [], null];
const BAD_NUMBERS = [-1, 0, 1.5, 2 ** 53 + 2, 1e308, -1e308];
const EDGE_STRINGS = ['a\u0000b', 'abc\\', "x' or '1'='1", '%_%', '\uD800'];
const EDGE_NUMBERS = [2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1];
const BAD_PATH_VALUES = ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', 'null'];
/** Edge strings a URL can carry (a lone surrogate cannot be percent-encoded), and the largest int32. */
const EDGE_PATH_VALUES = ['a\u0000b', 'abc\\', "x' or '1'='1", '%_%', String(2 ** 31 - 1)];
const BAD_QUERY_VALUES = ['abc', '', '-1', '0', '1.5', '1e400', '99999999999999999999', HUGE_TEXT];

/**
 * Ids written as something else that a coercing schema would read as the example's id: they must be refused
 * whatever the schema says, so a coercion slipping back in fails here (issue 9, defect 7).
 */
const isIdName = (name: string) => /(^|\.)(id|\w+Id)$|Ids\[0\]$/.test(name);
const coercedIds = (id: number): unknown[] => [
  String(id),
  [id],
  `0x${id.toString(16)}`,
  `${id}e0`,
  ...(id === 1 ? [true] : []),
];
/** The same in a path or query string, where only decimal digits are an id. */
const coercedIdTexts = (id: string) => [`0x${Number(id).toString(16)}`, `${id}e0`, `+${id}`, ` ${id}`, `${id}.0`];

/** A schema with its `anyOf`/`allOf`/`oneOf` branches, for reading bounds and types wherever they are declared. */
function branches(schema: JsonSchema): JsonSchema[] {
  return [schema, ...[...(schema.anyOf ?? []), ...(schema.allOf ?? []), ...(schema.oneOf ?? [])].flatMap(branches)];
}

function typesOf(schema: JsonSchema): Set<string> {
  return new Set(branches(schema).flatMap((s) => (s.type === undefined ? [] : [s.type].flat())));
}

const firstOf = <K extends keyof JsonSchema>(schema: JsonSchema, key: K): JsonSchema[K] | undefined =>
  branches(schema).find((s) => s[key] !== undefined)?.[key];

/** Values for a position with this schema: wrong types, out-of-bound sizes and numbers, hostile strings. */
function candidateValues(schema: JsonSchema): unknown[] {
  const values = [...WRONG_TYPES];
  const types = typesOf(schema);
  if (types.has('string')) {
    const maxLength = firstOf(schema, 'maxLength');
    values.push('', '   ', HUGE_TEXT, ...EDGE_STRINGS);
    if (maxLength !== undefined && maxLength < HUGE_TEXT.length) values.push('a'.repeat(maxLength + 1));
  }
  if (types.has('integer') || types.has('number')) {
    const minimum = firstOf(schema, 'minimum');
    const maximum = firstOf(schema, 'maximum');
    values.push(...BAD_NUMBERS, ...EDGE_NUMBERS);
    if (minimum !== undefined) values.push(minimum - 1);
    if (maximum !== undefined) values.push(maximum + 1);
  }
  return values;
}

/** Accepted values worth sending anyway: hostile strings and numbers, and 100 kB texts (an unbounded field). */
const isEdge = (value: unknown) =>
  [...EDGE_STRINGS, ...EDGE_PATH_VALUES, HUGE_TEXT].includes(value as string) || EDGE_NUMBERS.includes(value as number);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function describe(value: unknown): string {
  if (typeof value === 'string' && value.length > 20) return `"${value[0]}"×${value.length}`;
  return JSON.stringify(value) ?? String(value);
}

interface Variant {
  name: string;
  value: unknown;
  /** The candidate put somewhere inside `value`; undefined for structural changes (a missing key…). */
  changed?: unknown;
  /** An id in another form: bad even if the schema took it. */
  coerced?: boolean;
}

/** Every variation of a JSON value that changes one thing: the value itself, a property, a required key… */
function* variants(schema: JsonSchema, value: unknown, label: string): Generator<Variant> {
  for (const candidate of candidateValues(schema)) {
    yield { name: `${label} = ${describe(candidate)}`, value: candidate, changed: candidate };
  }
  if (isIdName(label) && Number.isInteger(value) && (value as number) > 0) {
    for (const candidate of coercedIds(value as number)) {
      yield {
        name: `${label} = ${describe(candidate)} (coerced id)`,
        value: candidate,
        changed: candidate,
        coerced: true,
      };
    }
  }
  const properties = firstOf(schema, 'properties');
  if (properties || isPlainObject(value)) {
    const object = isPlainObject(value) ? value : {};
    const keys = new Set([...Object.keys(properties ?? {}), ...Object.keys(object)]);
    for (const key of keys) {
      for (const inner of variants(properties?.[key] ?? {}, object[key], `${label}.${key}`)) {
        yield { ...inner, value: { ...object, [key]: inner.value } };
      }
    }
    for (const key of firstOf(schema, 'required') ?? []) {
      const { [key]: _, ...rest } = object;
      yield { name: `${label} without ${key}`, value: rest };
    }
    yield { name: `${label} with an unknown field`, value: { ...object, unexpectedField: 'x' } };
    yield { name: `${label} as an array`, value: [object] };
  }
  const items = firstOf(schema, 'items');
  if (items && Array.isArray(value) && value.length > 0) {
    for (const inner of variants(items, value[0], `${label}[0]`)) {
      yield { ...inner, value: [inner.value, ...value.slice(1)] };
    }
    const maxItems = firstOf(schema, 'maxItems');
    if (maxItems !== undefined) {
      yield { name: `${label} with ${maxItems + 1} items`, value: Array(maxItems + 1).fill(value[0]) };
    }
  }
}

/** `bad` when the schema refuses the value, `edge` when it accepts a hostile one, otherwise not worth sending. */
function kindOf(schema: z.ZodType | undefined, value: unknown, changed: unknown): InputCase['kind'] | undefined {
  if (!(schema?.safeParse(value).success ?? true)) return 'bad';
  return isEdge(changed) ? 'edge' : undefined;
}

const stringValues = (values: Record<string, string | number> = {}) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));

function withPayload(contract: RouteContract, base: ExampleRequest, payload: string | Buffer, contentType: string) {
  const request = injectOptionsFor(contract, base);
  return { ...request, payload, headers: { ...request.headers, 'content-type': contentType } };
}

function pathCases(contract: RouteContract, op: PublishedOperation, base: ExampleRequest): InputCase[] {
  return op.pathParams.flatMap(({ name }) => {
    const example = stringValues(base.params)[name];
    const coerced = example && isIdName(name) && /^[1-9][0-9]*$/.test(example) ? coercedIdTexts(example) : [];
    return [...BAD_PATH_VALUES, ...EDGE_PATH_VALUES, ...coerced].flatMap((value) => {
      const params = { ...stringValues(base.params), [name]: value };
      const kind = coerced.includes(value) ? 'bad' : kindOf(contract.params, params, value);
      const request = { ...injectOptionsFor(contract, base), url: buildPath(contract.path, params) };
      return kind ? [{ name: `params.${name} = ${describe(value)}`, kind, request, changed: value }] : [];
    });
  });
}

function queryCases(contract: RouteContract, op: PublishedOperation, base: ExampleRequest): InputCase[] {
  if (!contract.query) return [];
  const query = stringValues(base.query);
  const candidates: [string, Record<string, string | string[]>, unknown][] = [
    ['query with an unknown parameter', { ...query, unexpectedField: 'x' }, 'x'],
  ];
  const coerced = new Set<string>();
  for (const { name, schema } of op.queryParams) {
    const maxLength = firstOf(schema, 'maxLength');
    const example = query[name];
    if (example && isIdName(name) && /^[1-9][0-9]*$/.test(example)) {
      for (const value of coercedIdTexts(example)) {
        const label = `query.${name} = ${describe(value)} (coerced id)`;
        coerced.add(label);
        candidates.push([label, { ...query, [name]: value }, value]);
      }
    }
    const values = [
      ...BAD_QUERY_VALUES,
      ...EDGE_STRINGS,
      ...(maxLength === undefined ? [] : ['a'.repeat(maxLength + 1)]),
    ];
    for (const value of values)
      candidates.push([`query.${name} = ${describe(value)}`, { ...query, [name]: value }, value]);
    candidates.push([`query.${name} repeated`, { ...query, [name]: ['1', '2'] }, ['1', '2']]);
  }
  return candidates.flatMap(([name, values, changed]) => {
    const kind = coerced.has(name) ? 'bad' : kindOf(contract.query, values, changed);
    return kind ? [{ name, kind, request: { ...injectOptionsFor(contract, base), query: values }, changed }] : [];
  });
}

function bodyCases(contract: RouteContract, op: PublishedOperation, base: ExampleRequest): InputCase[] {
  if (!contract.body) return [];
  const cases = new Map<string, InputCase>();
  for (const { name, value, changed, coerced } of variants(op.body ?? {}, base.body ?? {}, 'body')) {
    const kind = coerced ? 'bad' : kindOf(contract.body, value, changed);
    if (kind && !cases.has(name)) {
      const request = withPayload(contract, base, JSON.stringify(value), 'application/json');
      cases.set(name, { name, kind, request, changed });
    }
  }
  const { payload: _, ...withoutBody } = injectOptionsFor(contract, base);
  if (kindOf(contract.body, undefined, undefined))
    cases.set('no body', { name: 'no body', kind: 'bad', request: withoutBody });
  if (kindOf(contract.body, 'hello', undefined)) {
    const request = withPayload(contract, base, 'hello', 'text/plain');
    cases.set('plain text body', { name: 'plain text body', kind: 'bad', request });
  }
  return [...cases.values()];
}

/** Bodies no route accepts, whatever its schema: broken JSON and content types the server does not read. */
function transportCases(contract: RouteContract, base: ExampleRequest): InputCase[] {
  if (contract.method === 'GET' || contract.multipart) return [];
  return [
    { name: 'malformed JSON', kind: 'bad', request: withPayload(contract, base, '{"broken": ', 'application/json') },
    { name: 'XML body', kind: 'bad', request: withPayload(contract, base, '<a/>', 'application/xml') },
  ];
}

function multipartCases(contract: RouteContract, base: ExampleRequest): InputCase[] {
  if (!contract.multipart) return [];
  const [field = 'file'] = contract.multipart.files;
  const form = (parts: Parameters<typeof multipartRequest>[0]) => {
    const { payload, headers } = multipartRequest(parts);
    return withPayload(contract, base, payload, headers['content-type']);
  };
  const text = { filename: 'photo.png', contentType: 'image/png', data: Buffer.from('hello') };
  return [
    { name: 'JSON instead of multipart', kind: 'bad', request: withPayload(contract, base, '{}', 'application/json') },
    { name: 'empty multipart', kind: 'bad', request: form({}) },
    { name: `text file as ${field}`, kind: 'bad', request: form({ [field]: text }) },
    { name: 'undeclared file field', kind: 'bad', request: form({ unexpectedFile: text }) },
    { name: 'undeclared text field', kind: 'bad', request: form({ unexpectedText: 'x' }) },
  ];
}

/** Every bad-input and edge case of an operation, built around its valid example. */
export function inputCases(contract: RouteContract, op: PublishedOperation, base: ExampleRequest): InputCase[] {
  return [
    ...pathCases(contract, op, base),
    ...queryCases(contract, op, base),
    ...bodyCases(contract, op, base),
    ...transportCases(contract, base),
    ...multipartCases(contract, base),
  ];
}
