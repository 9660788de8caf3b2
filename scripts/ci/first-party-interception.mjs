// Fails when a browser journey (anything under e2e/) intercepts requests. With any Playwright route active,
// Chromium lets Playwright answer CORS preflights itself, so a cross-origin call our server would refuse passes in
// the test and fails for users (the admin app could not PUT, PATCH or DELETE, and no journey saw it). The one
// exception, ALLOWED, serves stand-ins for third parties: each of its routes must match by host against its
// explicit THIRD_PARTY_HOSTS list, and that list may name no host of ours.
// Usage: node scripts/ci/first-party-interception.mjs [repository root]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ALLOWED = 'e2e/support/analytics-stand-ins.ts';

const INTERCEPTIONS = [/\.route\s*\(/, /\.routeFromHAR\s*\(/, /\.unroute(All)?\s*\(/, /routeWebSocket/];
const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
/** Folders of the journeys' output, not code. */
const SKIPPED = new Set(['node_modules', 'results', 'screenshots']);
/** A route of the allowed file: `.route((url) => THIRD_PARTY_HOSTS.has(url.host), …`. */
const HOST_MATCHER = /\.route\s*\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*THIRD_PARTY_HOSTS\.has\(\s*\1\.host\s*\)\s*,/g;
const HOST_LIST = /const\s+THIRD_PARTY_HOSTS\s*=\s*new\s+Set\(\s*\[([^\]]*)\]\s*\)/;

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** A host that is ours or the machine's: local names, addresses, and the product's own domains. */
export function isFirstParty(host) {
  const name = host.replace(/:\d+$/, '').toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.test') ||
    name.endsWith('.local') ||
    name.includes('darsak') ||
    /^[\d.]+$/.test(name) ||
    name.startsWith('[') ||
    name.includes('*')
  );
}

/** Each entry of the host list that is no quoted third-party host. */
function hostListProblems(where, list) {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry) => {
      const host = /^(['"])([^'"]+)\1$/.exec(entry)?.[2];
      if (!host) return [`${where}: THIRD_PARTY_HOSTS holds ${entry}, not a quoted host name`];
      return isFirstParty(host) ? [`${where}: THIRD_PARTY_HOSTS names ${host}, which is not a third party`] : [];
    });
}

/** The allowed file's problems: its host list, and any interception not matched by host against that list. */
function allowedFileProblems(path, text) {
  const list = HOST_LIST.exec(text);
  const problems = list
    ? hostListProblems(`${path}:${lineOf(text, list.index)}`, list[1])
    : [`${path}:1: no THIRD_PARTY_HOSTS = new Set([...]) list of third-party hosts`];
  const hostMatched = new Set([...text.matchAll(HOST_MATCHER)].map((match) => match.index));
  for (const pattern of INTERCEPTIONS) {
    for (const match of text.matchAll(new RegExp(pattern.source, 'g'))) {
      if (pattern === INTERCEPTIONS[0] && hostMatched.has(match.index)) continue;
      problems.push(
        `${path}:${lineOf(text, match.index)}: ${match[0].trim()} must match by host against THIRD_PARTY_HOSTS ((url) => THIRD_PARTY_HOSTS.has(url.host))`,
      );
    }
  }
  return problems;
}

/** Problems of one file (`path` relative to the repository root, with forward slashes), as `file:line: what`. */
export function interceptionsIn(path, text) {
  if (path === ALLOWED) return allowedFileProblems(path, text);
  return text
    .split('\n')
    .flatMap((line, index) =>
      INTERCEPTIONS.filter((pattern) => pattern.test(line)).map(
        (pattern) =>
          `${path}:${index + 1}: ${pattern.exec(line)?.[0].trim()} intercepts requests; set up through the API or SQL, and drive what a user does through the page`,
      ),
    );
}

function* sourcesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !SKIPPED.has(entry.name)) yield* sourcesUnder(join(dir, entry.name));
    else if (entry.isFile() && SOURCE.test(entry.name)) yield join(dir, entry.name);
  }
}

/** Every problem in `root`'s e2e folder. */
export function checkJourneys(root) {
  return [...sourcesUnder(join(root, 'e2e'))].flatMap((file) =>
    interceptionsIn(relative(root, file).split(sep).join('/'), readFileSync(file, 'utf8')),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url));
  const problems = checkJourneys(root);
  if (problems.length > 0) {
    console.error(`Browser journeys intercept requests (${problems.length}):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('No journey intercepts a request of ours: third-party stand-ins match by host only');
}
