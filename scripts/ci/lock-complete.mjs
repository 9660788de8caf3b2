// Fails when package-lock.json lacks an optional dependency that a locked package declares: npm drops the
// platform packages of other systems (biome's, tailwind's, sharp's binaries) when a lock is rewritten from a
// node_modules that lacks them, and `npm ci` on this machine would not notice a transitive loss.
// The fix is to regenerate the lock: see "Node and installs" in docs/architecture.md.
import { readFileSync } from 'node:fs';

const { packages } = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));

// Node's lookup: the package's own node_modules, then each enclosing node_modules up to the root's.
function isLocked(from, name) {
  for (let dir = from; ; ) {
    if (packages[dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`]) return true;
    if (!dir) return false;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

const missing = Object.entries(packages).flatMap(([path, entry]) =>
  Object.keys(entry.optionalDependencies ?? {})
    .filter((name) => !isLocked(path, name))
    .map((name) => `${path || 'the root package'} → ${name}`),
);
if (missing.length > 0) {
  console.error(`package-lock.json lacks ${missing.length} optional dependencies:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log('package-lock.json locks every optional dependency of every platform');
