import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadSourceMaps } from './upload-sourcemaps.mjs';

const SCRIPT = fileURLToPath(new URL('./upload-sourcemaps.mjs', import.meta.url));
const TOKEN = 'sentry-auth-token-of-the-test';

/**
 * A local stand-in for a tracker's release files API: keeps the releases created and the files posted, answers
 * 409 for a file name already in its release, as Sentry does, and 401 without the token.
 */
async function startTracker() {
  const releases = [];
  const files = [];
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const answer = (status, json = {}) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return answer(401, { detail: 'bad token' });
    const url = decodeURIComponent(request.url ?? '');
    if (request.method === 'POST' && url === '/api/0/organizations/darsak-org/releases/') {
      const { version, projects } = JSON.parse(body.toString('utf8'));
      const known = releases.some((r) => r.version === version);
      if (!known) releases.push({ version, projects });
      return answer(known ? 208 : 201, { version });
    }
    const upload = /^\/api\/0\/projects\/darsak-org\/darsak-web\/releases\/([^/]+)\/files\/$/.exec(url);
    if (request.method === 'POST' && upload) {
      const form = await new Response(body, {
        headers: { 'content-type': request.headers['content-type'] },
      }).formData();
      const name = form.get('name');
      if (files.some((f) => f.release === upload[1] && f.name === name)) return answer(409, { detail: 'exists' });
      const file = form.get('file');
      files.push({ release: upload[1], name, header: form.get('header'), content: await file.text() });
      return answer(201, { name });
    }
    return answer(404);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, releases, files, close: () => server.close() };
}

/** A repository as the build leaves it: each app's scripts under dist/, their maps under sourcemaps/. */
function builtRepository(versions) {
  const root = mkdtempSync(join(tmpdir(), 'darsak-sourcemaps-'));
  const write = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  for (const [app, version] of Object.entries(versions)) {
    write(`apps/${app}/package.json`, JSON.stringify({ name: `@darsak/${app}`, version }));
    for (const script of [`static/index-${app}1.js`, `static/chunks/page-${app}2.js`]) {
      write(`apps/${app}/dist/${script}`, `console.log("${script}")`);
      write(`apps/${app}/sourcemaps/${script}.map`, JSON.stringify({ version: 3, file: script, mappings: '' }));
    }
    write(`apps/${app}/dist/index.html`, '<!doctype html>');
  }
  return root;
}

describe('uploading the front ends’ source maps', () => {
  let tracker;
  let root;
  beforeAll(async () => {
    tracker = await startTracker();
  });
  afterAll(() => tracker.close());
  beforeEach(() => {
    tracker.releases.length = 0;
    tracker.files.length = 0;
    root = builtRepository({ web: '1.4.0', admin: '1.2.0' });
    return () => rmSync(root, { recursive: true, force: true });
  });
  const settings = () => ({ url: tracker.url, org: 'darsak-org', project: 'darsak-web', authToken: TOKEN });

  it('creates each app’s release and sends each script, naming its map, and the map', async () => {
    await uploadSourceMaps({ root, tracker: settings(), log: () => undefined });
    expect(tracker.releases).toEqual([
      { version: 'darsak@1.4.0', projects: ['darsak-web'] },
      { version: 'darsak@1.2.0', projects: ['darsak-web'] },
    ]);
    const web = tracker.files.filter((f) => f.release === 'darsak@1.4.0');
    expect(web.map(({ name, header }) => [name, header]).sort()).toEqual([
      ['~/static/chunks/page-web2.js', 'Sourcemap: page-web2.js.map'],
      ['~/static/chunks/page-web2.js.map', null],
      ['~/static/index-web1.js', 'Sourcemap: index-web1.js.map'],
      ['~/static/index-web1.js.map', null],
    ]);
    expect(web.find((f) => f.name === '~/static/index-web1.js.map')?.content).toContain(
      '"file":"static/index-web1.js"',
    );
    expect(tracker.files.filter((f) => f.release === 'darsak@1.2.0')).toHaveLength(4);
  });

  it('runs again without harm: the release and files already there are kept', async () => {
    await uploadSourceMaps({ root, tracker: settings(), log: () => undefined });
    await uploadSourceMaps({ root, tracker: settings(), log: () => undefined });
    expect(tracker.releases).toHaveLength(2);
    expect(tracker.files).toHaveLength(8);
  });

  it('fails on a refused token, and before any upload when the build left no maps', async () => {
    await expect(
      uploadSourceMaps({ root, tracker: { ...settings(), authToken: 'wrong' }, log: () => undefined }),
    ).rejects.toThrow(/answered 401/);
    rmSync(join(root, 'apps', 'web', 'sourcemaps'), { recursive: true });
    await expect(uploadSourceMaps({ root, tracker: settings(), log: () => undefined })).rejects.toThrow(
      /no source maps under apps\/web\/sourcemaps/,
    );
    expect(tracker.files).toEqual([]);
  });

  it('as a command, names the settings it lacks', () => {
    const run = spawnSync(process.execPath, [SCRIPT], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('SENTRY_URL, SENTRY_ORG, SENTRY_PROJECT, SENTRY_AUTH_TOKEN');
  });
});
