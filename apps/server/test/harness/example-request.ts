import { buildPath, type RouteContract } from '@darsak/domain/contract';
import type { InjectOptions } from 'fastify';
import type { ExampleRequest } from './access-policy.ts';
import { multipartRequest } from './multipart.ts';

const asStrings = (values: Record<string, string | number> = {}) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));

/** `app.inject` options for an example request, with the bearer token when given. */
export function injectOptionsFor(contract: RouteContract, example: ExampleRequest, token?: string): InjectOptions {
  const upload = example.files ? multipartRequest(example.files) : undefined;
  return {
    method: contract.method,
    url: buildPath(contract.path, example.params),
    query: asStrings(example.query),
    ...(upload ? { payload: upload.payload } : example.body !== undefined ? { payload: example.body as object } : {}),
    headers: { ...upload?.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  };
}

/** Why an example is not a valid request for its contract (empty when it is). */
export function exampleProblems(contract: RouteContract, example: ExampleRequest): string[] {
  const problems: string[] = [];
  const check = (part: string, schema: RouteContract['body'], value: unknown) => {
    if (!schema) return;
    const parsed = schema.safeParse(value);
    if (!parsed.success) problems.push(`${part}: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  };
  check('params', contract.params, asStrings(example.params));
  check('query', contract.query, asStrings(example.query));
  check('body', contract.body, example.body);
  const files = Object.keys(example.files ?? {});
  if (contract.multipart && files.length === 0) problems.push('files: none');
  for (const field of files) {
    if (!contract.multipart?.files.includes(field)) problems.push(`files: ${field} is not an upload field`);
  }
  return problems;
}
