/** The Vite plugin's hooks this project calls (Vite's own types are not a dependency of this package). */
export interface ContractsWithoutSchemasPlugin {
  name: string;
  enforce: 'post';
  apply: 'build';
}

/** Builds the domain's route contracts into an app without their schemas (see contracts-without-schemas.mjs). */
export function contractsWithoutSchemas(): ContractsWithoutSchemasPlugin;

/** An ESTree program, as Vite's `parseAst` or a plugin's `this.parse` gives it. */
type Program = object;
/** The source changed, when there was something to change. */
interface Changed {
  toString(): string;
}

export function stripRouteSchemas(code: string, program: Program): Changed | undefined;
export function markTopLevelCallsPure(code: string, program: Program): Changed | undefined;
