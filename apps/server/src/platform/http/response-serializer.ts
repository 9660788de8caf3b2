import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.ts';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * A response schema's JSON Schema compiled by fast-json-stringify: the contract stays the single zod schema, and
 * the hot answers skip checking every field on the way out (about a quarter of the tutor list's CPU, issue 14).
 * Throws for a schema JSON Schema cannot say (a transform, a custom check): those keep zod's serializer.
 */
export function compileFastSerializer(schema: z.ZodType): Serialize {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  return fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
}

/**
 * Fastify's serializer compiler: the `hot` response schemas through fast-json-stringify, every other one through
 * zod (checked, then stringified). With `check` (tests) a hot answer is also made by zod and must be the same
 * text, so every test of a hot route proves the two serializers agree.
 */
export function responseSerializerCompiler(
  hot: ReadonlySet<z.ZodType>,
  check: boolean,
): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const slow = zodSerializerCompiler(route) as Serialize;
    if (!hot.has(route.schema)) return slow;
    // Compiled at the route's first answer, not at start-up: the five took about a twentieth of a start (issue 14).
    let compiled: Serialize | undefined;
    const fast: Serialize = (data) => {
      compiled ??= compileFastSerializer(route.schema);
      return compiled(data);
    };
    if (!check) return fast;
    return (data) => {
      const checked = slow(data);
      const text = fast(data);
      if (text !== checked) {
        throw new Error(`${route.method} ${route.url}: the fast serializer wrote ${text}, zod ${checked}`);
      }
      return text;
    };
  };
}
