import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema, loadConfig } from './env.ts';

// compose.yaml is the production shape (docs/operations.md): what it sets must be what the server reads.
const root = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));
const SAMPLE: Record<string, string> = {
  APP_HOST: 'app.darsak.example',
  ADMIN_HOST: 'admin.darsak.example',
  SITE_HOST: 'darsak.example',
  POSTGRES_PASSWORD: 'a-database-password',
  JWT_SECRET: 'a-signing-secret-of-at-least-32-characters',
  TURN_SECRET: 'a-turn-secret',
};
/** Compose's `${NAME}`, `${NAME:-default}` and `${NAME:?message}` with the sample .env. */
const interpolate = (value: string) =>
  value.replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_all, name: string, kind?: string, rest?: string) => SAMPLE[name] ?? (kind === '-' ? (rest ?? '') : ''),
  );

interface Service {
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  command?: string[];
  deploy?: { replicas?: number };
}
const compose = parse(readFileSync(root('compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const environmentOf = (name: string) =>
  Object.fromEntries(
    Object.entries(compose.services[name]?.environment ?? {}).map(([key, value]) => [key, interpolate(String(value))]),
  );

describe('compose.yaml', () => {
  it.each(['api', 'worker'])('gives the %s a configuration the server accepts, naming only what it reads', (name) => {
    const environment = environmentOf(name);
    const unknown = Object.keys(environment).filter((key) => !Object.hasOwn(EnvSchema.shape, key));
    expect(unknown).toEqual([]);
    const config = loadConfig(environment);
    expect([config.SERVER_ENV, config.TRUST_PROXY]).toEqual(['production', 1]);
    expect(config.TURN_URLS.length).toBeGreaterThan(0);
  });

  it('runs jobs in the worker only, two API instances with health checks, and every store healthy first', () => {
    expect(loadConfig(environmentOf('api')).RUN_JOBS).toBe(false);
    expect(loadConfig(environmentOf('worker')).RUN_JOBS).toBe(true);
    expect(compose.services.api?.deploy?.replicas).toBe(2);
    for (const name of ['api', 'postgres', 'redis']) expect(compose.services[name]?.healthcheck?.test).toBeTruthy();
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['api', 'worker', 'postgres', 'redis', 'turn', 'proxy']),
    );
  });

  it('sends each public address to its port through the proxy', () => {
    const caddyfile = readFileSync(root('deploy/Caddyfile'), 'utf8');
    for (const [host, port] of [
      ['APP_HOST', 3000],
      ['ADMIN_HOST', 3001],
      ['SITE_HOST', 3002],
    ]) {
      expect(caddyfile).toMatch(new RegExp(`\\{\\$${host}\\} \\{\\s+reverse_proxy api:${port}`));
    }
  });
});
