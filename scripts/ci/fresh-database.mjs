// What the CI checks that run the compiled server need around it: a PostgreSQL database of their own, made fresh
// and dropped after, and free loopback ports.
import { createServer } from 'node:net';
import pg from 'pg';

/** A loopback port nothing listens on now, for a process about to be started. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** A database named after `prefix`, this process and the time, created through `adminUrl` by `create()`. */
export function freshDatabase(adminUrl, prefix) {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  let connected = false;
  let created = false;
  return {
    name,
    /** Creates it; resolves with its URL. */
    async create() {
      await admin.connect();
      connected = true;
      await admin.query(`CREATE DATABASE ${name}`);
      created = true;
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.href;
    },
    /** Drops it, ending the sessions still open, whatever happened before (nothing when it was never made). */
    async drop() {
      // A client that never connected would wait for ever on a query.
      if (created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      if (connected) await admin.end().catch(() => {});
    },
  };
}
