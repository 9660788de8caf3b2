import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Plain TypeScript Node runs as it is (types stripped): scripts/e2e.mjs starts the journeys' server with it too.

export interface Darsak {
  /** The public addresses it was told: main app and API, admin app, marketing site. */
  app: string;
  admin: string;
  site: string;
  stop(): Promise<void>;
}

export interface DarsakOptions {
  host: string;
  ports: readonly [app: number, admin: number, site: number];
  /** Settings on top of the journeys' own (a local server on a fresh embedded database). */
  env?: Record<string, string>;
  /** Print the server's start-up banner and warnings (the journeys' own server), or only its errors. */
  banner?: boolean;
}

async function healthy(url: string, running: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && running()) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return true;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** Darsak from the sources on a fresh embedded database, told `host` and `ports` as its public addresses. */
export async function startDarsak({ host, ports, env = {}, banner = false }: DarsakOptions): Promise<Darsak> {
  const [app, admin, site] = ports.map((port) => `http://${host}:${port}`) as [string, string, string];
  const dataDir = mkdtempSync(join(tmpdir(), 'darsak-e2e-'));
  const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    stdio: ['ignore', banner ? 'inherit' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(ports[0]),
      ADMIN_PORT: String(ports[1]),
      SITE_PORT: String(ports[2]),
      PUBLIC_APP_URL: app,
      PUBLIC_ADMIN_URL: admin,
      PUBLIC_SITE_URL: site,
      // Every journey signs in from this one address; the limits have tests of their own.
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      SERVER_ENV: 'local',
      DATABASE_URL: '',
      ...env,
    },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (!(await healthy(app, () => server.exitCode === null, 120_000))) {
    await stop();
    throw new Error(
      server.exitCode === null
        ? 'the server did not become healthy in 120 s'
        : `the server stopped (exit ${server.exitCode}); are ports ${ports.join(', ')} free?`,
    );
  }
  return { app, admin, site, stop };
}

/** Three distinct ports nothing listens on now (all held open until each is known), for a journey's own server. */
export async function freePorts(): Promise<[number, number, number]> {
  const probes = [createServer(), createServer(), createServer()];
  const ports = await Promise.all(
    probes.map(
      (probe) =>
        new Promise<number>((resolve, reject) => {
          probe.once('error', reject).listen(0, '127.0.0.1', () => {
            const address = probe.address();
            if (typeof address === 'object' && address) resolve(address.port);
            else reject(new Error('no port'));
          });
        }),
    ),
  );
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports as [number, number, number];
}
