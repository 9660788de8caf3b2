import type { z } from 'zod';
import type { ErrorCode } from '../errors/codes.ts';
import type { RoleName } from '../users/roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: `public` (anyone), `signedIn` (any valid token) or a list of roles.
 * Ownership of objects is checked further by the service.
 */
export type RouteAuth = 'public' | 'signedIn' | readonly RoleName[];

export interface RouteContract {
  method: HttpMethod;
  /** Fastify-style path with `:param` placeholders. */
  path: string;
  summary: string;
  tags: readonly string[];
  auth: RouteAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * Body arrives as multipart/form-data; its files are parsed by the route. `ignoredFields` are text parts a
   * client may send (the spec's) that the server reads nothing from; any other text part is refused.
   */
  multipart?: { files: readonly string[]; ignoredFields?: readonly string[]; maxBytes: number };
  response: z.ZodType;
  status?: 200 | 201 | 204;
  /** Codes this route may answer with besides the generic ones. */
  errors: readonly ErrorCode[];
}

export const defineRoute = <const C extends RouteContract>(contract: C): C => contract;

export type ParamsOf<C extends RouteContract> = C['params'] extends z.ZodType ? z.infer<C['params']> : undefined;
export type QueryOf<C extends RouteContract> = C['query'] extends z.ZodType ? z.input<C['query']> : undefined;
export type BodyOf<C extends RouteContract> = C['body'] extends z.ZodType ? z.input<C['body']> : undefined;
export type ResponseOf<C extends RouteContract> = z.infer<C['response']>;

/** Fills `:param` placeholders of a contract path. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
