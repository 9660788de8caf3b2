import MagicString from 'magic-string';

/** What a browser reads of a route contract: where to send the call, and who may make it. */
const KEPT = new Set(['method', 'path', 'auth', 'multipart', 'status']);

const isNode = (value) => value !== null && typeof value === 'object' && typeof value.type === 'string';

/** Every `defineRoute({...})` argument object in an ESTree program. */
function* routeObjects(node) {
  if (!isNode(node)) return;
  if (
    node.type === 'CallExpression' &&
    node.callee.type === 'Identifier' &&
    node.callee.name === 'defineRoute' &&
    node.arguments[0]?.type === 'ObjectExpression'
  ) {
    yield node.arguments[0];
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) yield* routeObjects(item);
    else yield* routeObjects(value);
  }
}

const keyOf = (property) =>
  property.type === 'Property' && !property.computed
    ? property.key.type === 'Identifier'
      ? property.key.name
      : String(property.key.value)
    : undefined;

/** The declarators of an ESTree program's top-level `const`s, exported or not. */
function* topLevelDeclarators(program) {
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'VariableDeclaration') yield* declaration.declarations;
  }
}

/** The module's top-level `const name = {...}` objects, by name: the parts contracts spread in (`...common`). */
function topLevelObjects(program) {
  const objects = new Map();
  for (const { id, init } of topLevelDeclarators(program)) {
    if (id.type === 'Identifier' && init?.type === 'ObjectExpression') objects.set(id.name, init);
  }
  return objects;
}

/** The source of an object's properties the browser reads, a spread part of this module taken in by its own. */
function keptProperties(code, object, parts) {
  return object.properties.flatMap((property) => {
    if (property.type === 'SpreadElement') {
      const part = property.argument.type === 'Identifier' ? parts.get(property.argument.name) : undefined;
      return part ? keptProperties(code, part, parts) : [code.slice(property.start, property.end)];
    }
    return KEPT.has(keyOf(property)) ? [code.slice(property.start, property.end)] : [];
  });
}

/**
 * Each contract's object with only what the browser reads: its schemas, summary and error list are the server's.
 * The parts spread in from this module are taken apart the same way; a spread of anything else stays as it is.
 */
export function stripRouteSchemas(code, program) {
  const out = new MagicString(code);
  const parts = topLevelObjects(program);
  let changed = false;
  for (const route of routeObjects(program)) {
    out.overwrite(route.start, route.end, `{ ${keptProperties(code, route, parts).join(', ')} }`);
    changed = true;
  }
  return changed ? out : undefined;
}

/** Initial values that may run code: calls, and objects or arrays whose members may. */
const BUILT = new Set(['CallExpression', 'NewExpression', 'ObjectExpression', 'ArrayExpression']);

/**
 * Marks each top-level value the domain builds as pure, so the bundler drops those a page does not use. A chain
 * such as `z.object({...}).extend({...})`, or an object of schemas, cannot be annotated as it stands, so it becomes
 * a pure immediately called arrow. The domain is pure by rule (DESIGN.md §2): building a schema or a table changes
 * nothing.
 */
export function markTopLevelCallsPure(code, program, out = new MagicString(code)) {
  let changed = false;
  for (const { init } of topLevelDeclarators(program)) {
    if (!BUILT.has(init?.type)) continue;
    out.appendLeft(init.start, '/* @__PURE__ */ (() => (');
    out.appendRight(init.end, '))()');
    changed = true;
  }
  return changed ? out : undefined;
}

/**
 * Builds the domain's route contracts into an app as their method, path and roles only. The apps call the API
 * through the contracts, but a contract's zod schemas (params, query, body, response) are for the server, which
 * validates and documents with them; in the browser they brought zod (25 KB gzip) and the time to build every
 * schema into the first load of each page (issue 13). With the schemas no longer referenced, the domain's values
 * are marked pure so the bundler drops the schemas the page's code does not use; a form that validates with one
 * keeps it. (Not Rolldown's `manualPureFunctions: ['z']`: it matches every `z` of every module, and minified
 * libraries call functions named so for their effects; the app rendered nothing with it.)
 */
export function contractsWithoutSchemas() {
  return {
    name: 'darsak-contracts-without-schemas',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!/\/packages\/domain\/src\/.*\.ts$/.test(id)) return null;
      const program = this.parse(code);
      const stripped = stripRouteSchemas(code, program);
      const out = markTopLevelCallsPure(code, program, stripped) ?? stripped;
      return out ? { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) } : null;
    },
  };
}
