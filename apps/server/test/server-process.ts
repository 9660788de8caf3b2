import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * A TypeScript entry of apps/server (`main.ts`, `worker.ts`, `migrate.ts`) run as a process, as production runs
 * its compiled twin; its output is gathered in `output`. The test's environment is passed on, changed by `env`
 * (a variable set to undefined is removed).
 */
export function runEntry(
  entry: string,
  env: Record<string, string | undefined>,
): { child: ChildProcess; output: string[] } {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/${entry}`], {
    cwd: repository,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

/** The process's exit code, once it has exited. */
export const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
