import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { markTopLevelCallsPure, stripRouteSchemas } from '../vite/contracts-without-schemas.mjs';

const contractModule = `
const common = { tags: ['rating'] };
const listed = { params: IdParams, query: PageQuery.strict() };
export const RatingSchema = z.object({ id: z.number() });
export const ratingsContract = {
  get: defineRoute({ ...common, method: 'GET', path: '/api/v1/rating/:id', auth: 'public', params: IdParams, response: RatingSchema, errors: [] }),
  list: defineRoute({ ...common, ...listed, ...elsewhere, method: 'GET', path: '/api/v1/rating/list/:id', auth: ['student'], summary: 'x', response: RatingPage }),
};
`;

describe('contracts without schemas', () => {
  it('keeps a route contract’s method, path and roles, taking apart the parts spread in from the module', () => {
    const out = stripRouteSchemas(contractModule, parseAst(contractModule))?.toString() ?? '';
    expect(out).toContain(`get: defineRoute({ method: 'GET', path: '/api/v1/rating/:id', auth: 'public' })`);
    expect(out).toContain(
      `list: defineRoute({ ...elsewhere, method: 'GET', path: '/api/v1/rating/list/:id', auth: ['student'] })`,
    );
    const routes = out.slice(out.indexOf('ratingsContract'));
    expect(routes).not.toMatch(/response:|params:|errors:|summary:|tags:/);
  });

  it('changes nothing in a module without route contracts', () => {
    const code = `export const RATINGS = [1, 2, 3];`;
    expect(stripRouteSchemas(code, parseAst(code))).toBeUndefined();
  });

  it('marks what the module builds at its top level as pure, and only that', () => {
    const code = `import { z } from 'zod';
export const Name = z.string().trim().min(2);
const fields = { name: Name.nullable() };
export const LIMIT = 5;
export const nameOf = (value) => value.name;
register(Name);`;
    const out = markTopLevelCallsPure(code, parseAst(code))?.toString() ?? '';
    expect(out).toContain('export const Name = /* @__PURE__ */ (() => (z.string().trim().min(2)))();');
    expect(out).toContain('const fields = /* @__PURE__ */ (() => ({ name: Name.nullable() }))();');
    expect(out).toContain('export const LIMIT = 5;');
    expect(out).toContain('export const nameOf = (value) => value.name;');
    expect(out).toContain('\nregister(Name);');
  });
});
