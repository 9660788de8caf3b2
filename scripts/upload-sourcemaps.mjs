// Uploads the main and admin apps' source maps to the error tracker (Sentry, or any tracker speaking its release
// files API: GlitchTip, self-hosted Sentry), under the release their error reports name (`darsak@<version>` of each
// app's package.json). The build keeps the maps outside the served folders (apps/<app>/sourcemaps, at the paths of
// their scripts under dist/, which name no map): each script is uploaded with a `Sourcemap` header naming its map.
// Run after `npm run build`, from the build stage, never from the image (it has no maps):
//   SENTRY_URL=https://sentry.example.com SENTRY_ORG=darsak SENTRY_PROJECT=darsak SENTRY_AUTH_TOKEN=… \
//     node scripts/upload-sourcemaps.mjs
// (docs/operations.md, "Source maps"). Files already uploaded (409) are left as they are, so a rerun is harmless.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const APPS = ['web', 'admin'];
const SETTINGS = ['SENTRY_URL', 'SENTRY_ORG', 'SENTRY_PROJECT', 'SENTRY_AUTH_TOKEN'];

/** Every `.js.map` under `folder`, as paths relative to it with forward slashes. */
function mapsUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js.map'))
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * Creates each app's release and uploads its scripts and maps; answers what was sent per release. `root` is the
 * repository (tests give a folder of their own); `tracker` the SENTRY_ settings.
 */
export async function uploadSourceMaps({ root, tracker, log = console.log }) {
  const base = tracker.url.replace(/\/+$/, '');
  const org = encodeURIComponent(tracker.org);
  const project = encodeURIComponent(tracker.project);
  const headers = { authorization: `Bearer ${tracker.authToken}` };
  const call = async (path, init) => {
    const response = await fetch(`${base}/api/0/${path}`, { ...init, headers: { ...headers, ...init.headers } });
    // 208: the release exists; 409: the file is already there (a rerun).
    if (!response.ok && response.status !== 409) {
      throw new Error(`${init.method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
    return response.status;
  };

  const sent = {};
  for (const app of APPS) {
    const folder = join(root, 'apps', app);
    const maps = mapsUnder(join(folder, 'sourcemaps'));
    if (maps.length === 0) throw new Error(`no source maps under apps/${app}/sourcemaps: run npm run build first`);
    const { version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const release = `darsak@${version}`;
    await call(`organizations/${org}/releases/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: release, projects: [tracker.project] }),
    });
    const files = `projects/${org}/${project}/releases/${encodeURIComponent(release)}/files/`;
    const upload = (path, name, sourceMap) => {
      const form = new FormData();
      form.set('name', name);
      if (sourceMap) form.set('header', `Sourcemap: ${sourceMap}`);
      form.set('file', new Blob([readFileSync(path)]), name.split('/').at(-1));
      return call(files, { method: 'POST', body: form });
    };
    for (const map of maps) {
      const script = map.slice(0, -'.map'.length);
      // `~/` matches any host: the apps are served from their own addresses, set per deployment.
      await upload(join(folder, 'dist', script), `~/${script}`, map.split('/').at(-1));
      await upload(join(folder, 'sourcemaps', map), `~/${map}`);
    }
    log(`${app}: ${maps.length} scripts and their maps uploaded to ${release}`);
    sent[app] = { release, maps };
  }
  return sent;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const missing = SETTINGS.filter((name) => !process.env[name]);
  if (missing.length > 0) {
    console.error(`set ${missing.join(', ')} (docs/operations.md, "Source maps")`);
    process.exit(2);
  }
  await uploadSourceMaps({
    root: join(import.meta.dirname, '..'),
    tracker: {
      url: process.env.SENTRY_URL,
      org: process.env.SENTRY_ORG,
      project: process.env.SENTRY_PROJECT,
      authToken: process.env.SENTRY_AUTH_TOKEN,
    },
  });
}
