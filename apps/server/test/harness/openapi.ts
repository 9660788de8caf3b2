import type { FastifyInstance } from 'fastify';
import { routeKey } from './contracts.ts';

/** The parts of JSON Schema (OpenAPI 3.0 flavour) that the harnesses read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** One published operation, with its path in Fastify's `:param` form so it matches a contract. */
export interface PublishedOperation {
  key: string;
  method: string;
  path: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  body: JsonSchema | undefined;
}

export async function fetchOpenApi(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
  return response.json() as OpenApiDocument;
}

export function publishedOperations(doc: OpenApiDocument): PublishedOperation[] {
  return Object.entries(doc.paths).flatMap(([openApiPath, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const path = openApiPath.replace(/\{(\w+)\}/g, ':$1');
      const parameters = operation.parameters ?? [];
      return {
        key: routeKey(method, path),
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      };
    }),
  );
}
