import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { EnvSchema, loadConfig, loadMigrationConfig } from './env.ts';

// compose.yaml is the production shape (docs/operations.md), configured by an .env beside it (.env.example): what
// it sets must be what the server reads, and every setting the README documents must reach its containers.
const root = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));

/** An env file's settings, as compose reads it; with `commented`, the commented-out examples too. */
function envFile(path: string, { commented = false } = {}): Record<string, string> {
  const line = commented ? /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/ : /^([A-Z][A-Z0-9_]*)=(.*)$/;
  return Object.fromEntries(
    readFileSync(root(path), 'utf8')
      .split('\n')
      .flatMap((text) => {
        const [, key, value] = line.exec(text.trim()) ?? [];
        return key ? [[key, (value ?? '').replace(/^"(.*)"$/, '$1')]] : [];
      }),
  );
}
const EXAMPLE = envFile('.env.example');
/** The API instances, one service each so that a deploy replaces them in turn, and the job worker. */
const API = ['api-1', 'api-2'];
const SERVERS = [...API, 'worker'];
/** The example filled in as an operator would: what it leaves empty is required. */
const FILLED: Record<string, string> = {
  ...EXAMPLE,
  APP_HOST: 'app.darsak.example',
  ADMIN_HOST: 'admin.darsak.example',
  SITE_HOST: 'darsak.example',
  POSTGRES_PASSWORD: 'a-database-password',
  JWT_SECRET: 'a-signing-secret-of-at-least-32-characters',
  TURN_SECRET: 'a-turn-secret',
  TURN_HOST: 'turn.darsak.example',
  TURN_IP: '10.0.0.6',
  TURN_EXTERNAL_IP: '203.0.113.6',
  PROXY_IP: '10.0.0.5',
};
const composeText = readFileSync(root('compose.yaml'), 'utf8');
/** The variables compose.yaml takes from .env for itself (`${NAME}`, `${NAME:-default}`, `${NAME:?message}`). */
const INTERPOLATED = new Set([...composeText.matchAll(/\$\{(\w+)/g)].map((m) => m[1] ?? ''));
/** Compose's interpolation with an .env's values. */
const interpolate = (value: string, dotEnv: Record<string, string>) =>
  value.replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_all, name: string, kind?: string, rest?: string) => dotEnv[name] || (kind === '-' ? (rest ?? '') : ''),
  );

interface Service {
  ports?: string[];
  volumes?: string[];
  env_file?: string | string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  command?: string[];
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const explicitOf = (name: string, dotEnv = FILLED) =>
  Object.fromEntries(
    Object.entries(compose.services[name]?.environment ?? {}).map(([key, value]) => [
      key,
      interpolate(String(value), dotEnv),
    ]),
  );
/** A service's environment as its container sees it: its env files, then `environment`, which wins. */
const environmentOf = (name: string, dotEnv = FILLED) => ({
  ...([compose.services[name]?.env_file ?? []].flat().includes('.env') ? dotEnv : {}),
  ...explicitOf(name, dotEnv),
});

/** The settings of the README's "Configuration" table (its first column). */
function readmeSettings(): string[] {
  const readme = readFileSync(root('README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('### Telegram bot'));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''));
}

describe('the settings: README, the configuration schema, .env.example', () => {
  const settings = readmeSettings();

  it('the README documents every setting the server reads, and nothing else', () => {
    expect([...settings].sort()).toEqual(Object.keys(EnvSchema.shape).sort());
  });

  it('.env.example names every setting, and offers only settings that reach the server or compose needs', () => {
    const example = readFileSync(root('.env.example'), 'utf8');
    expect(settings.filter((key) => !new RegExp(`\\b${key}\\b`).test(example))).toEqual([]);
    const overridden = new Set(SERVERS.flatMap((name) => Object.keys(compose.services[name]?.environment ?? {})));
    const offered = Object.keys(envFile('.env.example', { commented: true }));
    // A setting compose.yaml sets itself would be ignored in .env, unless compose takes it from there.
    const ignored = offered.filter((key) => overridden.has(key) && !INTERPOLATED.has(key));
    expect(ignored).toEqual([]);
    expect(offered.filter((key) => !Object.hasOwn(EnvSchema.shape, key) && !INTERPOLATED.has(key))).toEqual([]);
    expect([...INTERPOLATED].filter((key) => !offered.includes(key))).toEqual([]);
  });
});

describe('compose.yaml', () => {
  it.each(SERVERS)('gives the %s a configuration the server accepts, naming only what it reads', (name) => {
    const explicit = explicitOf(name);
    expect(Object.keys(explicit).filter((key) => !Object.hasOwn(EnvSchema.shape, key))).toEqual([]);
    const config = loadConfig(environmentOf(name));
    expect([config.SERVER_ENV, config.TRUST_PROXY, config.REDIS_URL]).toEqual(['production', 1, 'redis://redis:6379']);
    expect(config.TURN_URLS.length).toBeGreaterThan(0);
  });

  it.each(SERVERS)('hands the %s every setting set in .env', (name) => {
    // Every example uncommented, each with a value of its own.
    const everything = Object.fromEntries(
      Object.keys(envFile('.env.example', { commented: true })).map((key) => [key, FILLED[key] || `set-${key}`]),
    );
    const environment = environmentOf(name, everything);
    const lost = Object.entries(everything).filter(
      ([key, value]) => Object.hasOwn(EnvSchema.shape, key) && environment[key] !== value,
    );
    expect(lost).toEqual([]);
  });

  it('runs jobs in the worker only, two API instances with readiness checks, and every store healthy first', () => {
    for (const name of API) {
      expect(loadConfig(environmentOf(name)).RUN_JOBS).toBe(false);
      expect(compose.services[name]?.healthcheck?.test.join(' ')).toContain('/api/health/ready');
      expect(compose.services[name]?.deploy?.replicas ?? 1).toBe(1);
    }
    expect(loadConfig(environmentOf('worker')).RUN_JOBS).toBe(true);
    for (const name of ['worker', 'postgres', 'redis']) expect(compose.services[name]?.healthcheck?.test).toBeTruthy();
    // The worker's check asks its own listener, on the port the worker's configuration gives it.
    const workerPort = loadConfig(environmentOf('worker')).WORKER_PORT;
    expect(compose.services.worker?.healthcheck?.test.join(' ')).toContain(`127.0.0.1:${workerPort}/health`);
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining([...SERVERS, 'postgres', 'redis', 'turn', 'proxy']),
    );
    expect(Object.keys(compose.services).filter((name) => name.startsWith('api'))).toEqual(API);
  });

  it.each(SERVERS)('gives the %s a stop grace period longer than its drain may take', (name) => {
    const grace = /^(\d+)s$/.exec(compose.services[name]?.stop_grace_period ?? '')?.[1];
    expect(Number(grace)).toBeGreaterThan(loadConfig(environmentOf(name)).DRAIN_TIMEOUT_SECONDS);
  });

  it('migrates in a one-shot step that the API and the worker wait for, given only the database', () => {
    expect(compose.services.migrate?.command).toEqual(['node', 'apps/server/dist/migrate.js']);
    for (const name of SERVERS) {
      expect(compose.services[name]?.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
    }
    const environment = environmentOf('migrate');
    expect(Object.keys(environment).filter((key) => !Object.hasOwn(EnvSchema.shape, key))).toEqual([]);
    const config = loadMigrationConfig(environment);
    expect(config.DATABASE_URL).toBe(loadConfig(environmentOf('api-1')).DATABASE_URL);
    // Left blank in .env, a timeout is the default, not 0 (which would mean none).
    expect([config.MIGRATION_LOCK_TIMEOUT_MS, config.MIGRATION_STATEMENT_TIMEOUT_MS]).toEqual([3000, 60_000]);
  });

  it('archives every WAL segment with pgBackRest and backs up on a schedule, its bucket and secrets from .env', () => {
    expect(compose.services.postgres?.command).toEqual(
      expect.arrayContaining(['archive_mode=on', 'archive_command=pgbackrest --stanza=darsak archive-push %p']),
    );
    for (const name of ['postgres', 'backup', 'pgbackrest']) {
      const settings = Object.entries(compose.services[name]?.environment ?? {}).filter(([key]) =>
        key.startsWith('PGBACKREST_'),
      );
      expect(settings.map(([key]) => key)).toEqual(
        expect.arrayContaining(['PGBACKREST_REPO1_S3_KEY_SECRET', 'PGBACKREST_REPO1_CIPHER_PASS']),
      );
      // Each taken from .env, none written into compose.yaml.
      expect(settings.filter(([, value]) => !/^\$\{\w+(:[-?][^}]*)?\}$/.test(String(value)))).toEqual([]);
    }
    expect(compose.services.backup?.healthcheck?.test).toEqual(['CMD', 'backups.sh', 'fresh']);
  });

  it('sends each public address to its port on each API instance through the proxy, the app by readiness', () => {
    const caddyfile = readFileSync(root('deploy/Caddyfile'), 'utf8');
    for (const [host, port] of [
      ['APP', 3000],
      ['ADMIN', 3001],
      ['SITE', 3002],
    ]) {
      const instances = API.map((name) => `${name}:${port}`).join(' ');
      expect(caddyfile).toMatch(
        new RegExp(`\\{\\$${host}_HOST\\} \\{\\s+reverse_proxy \\{\\$${host}_UPSTREAMS:${instances}\\}`),
      );
    }
    const app = caddyfile.slice(caddyfile.indexOf('{$APP_HOST}'), caddyfile.indexOf('{$ADMIN_HOST}'));
    expect(app).toMatch(/health_uri \/api\/health\/ready\n/);
    expect(app).toMatch(/lb_policy cookie /);
  });

  it('runs coturn with the committed configuration, its own address and TLS on 443 there, offered to every member', () => {
    const turn = compose.services.turn;
    expect(turn?.volumes).toContain('./deploy/turnserver.conf:/etc/coturn/turnserver.conf:ro');
    const flags = (turn?.command ?? []).map((flag) => interpolate(flag, FILLED));
    expect(flags.slice(0, 2)).toEqual(['-c', '/etc/coturn/turnserver.conf']);
    expect(flags).toEqual(
      expect.arrayContaining(['--listening-ip=10.0.0.6', '--relay-ip=10.0.0.6', '--external-ip=203.0.113.6']),
    );
    expect(readFileSync(root('deploy/turnserver.conf'), 'utf8')).toMatch(/^tls-listening-port=443$/m);
    // Port 443 of TURN_IP is coturn's: the proxy takes 443 on its own address only.
    expect(compose.services.proxy?.ports?.map((port) => interpolate(port, FILLED))).toContain('10.0.0.5:443:443');
    expect(loadConfig(environmentOf('api-1')).TURN_URLS).toEqual([
      'turn:turn.darsak.example:3478?transport=udp',
      'turn:turn.darsak.example:3478?transport=tcp',
      'turns:turn.darsak.example:443?transport=tcp',
    ]);
  });
});

describe('deploy/kubernetes', () => {
  const manifest = (file: string) =>
    parseAllDocuments(readFileSync(root(`deploy/kubernetes/${file}`), 'utf8')).map((d) => d.toJS());
  const [configMap] = manifest('config.yaml') as [{ data: Record<string, string> }];
  const [api] = manifest('api.yaml') as [
    { spec: { template: { spec: { containers: [{ env: { name: string; value: string }[] }] } } } },
  ];

  it('gives the API pods a configuration the server accepts, naming only what it reads', () => {
    const own = {
      ...configMap.data,
      ...Object.fromEntries(api.spec.template.spec.containers[0].env.map(({ name, value }) => [name, value])),
    };
    expect(Object.keys(own).filter((key) => !Object.hasOwn(EnvSchema.shape, key))).toEqual([]);
    // The Secret `darsak`, as an operator fills it in.
    const config = loadConfig({
      ...own,
      DATABASE_URL: 'postgres://darsak:password@pooler:6432/darsak',
      REDIS_URL: 'redis://redis:6379',
      JWT_SECRET: FILLED.JWT_SECRET,
      TURN_SECRET: FILLED.TURN_SECRET,
      S3_ENDPOINT: 'https://s3.example.com',
      S3_REGION: 'eu-south-1',
      S3_BUCKET: 'darsak',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect([config.SERVER_ENV, config.RUN_JOBS, config.STORAGE_DRIVER]).toEqual(['production', false, 's3']);
    expect(config.TURN_URLS).toContain('turns:turn.darsak.example:443?transport=tcp');
  });
});
