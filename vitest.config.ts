import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the console output (scripts/ci/summary.mjs adds them up).
const jsonReport = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    // Vitest keeps a core for its main thread, which mostly waits: on a 2-core machine that ran one file at a time.
    // Each file has its own database copy, Redis prefix and ports, so files may run side by side.
    maxWorkers: availableParallelism(),
    reporters: jsonReport ? ['default', 'json'] : ['default'],
    ...(jsonReport ? { outputFile: { json: jsonReport } } : {}),
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Some tests wait on processes, timers and two instances; under CI's load (the production image and the
          // restore rehearsal beside them) one may miss a deadline. It gets one more run there, and the summary
          // names every test that needed it (scripts/ci/summary.mjs), so a flake is seen, never hidden.
          retry: process.env.CI ? 1 : 0,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'front',
          include: ['packages/{ui,client}/src/**/*.test.{ts,tsx}', 'apps/{web,admin,site}/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['packages/ui/src/testing/setup.ts'],
          // Pages load lazily and users type key by key: on a busy 2-core machine 5 s is not enough.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
