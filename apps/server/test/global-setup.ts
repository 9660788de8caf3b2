import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createPgliteSnapshot, createTemplateDatabase, SNAPSHOT_ENV, TEMPLATE_ENV } from './test-database.ts';

/**
 * Prepares the database every test file copies: with DATABASE_URL a migrated template database on the server,
 * otherwise a migrated PGlite snapshot (loading it is several times faster than migrating in each file).
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    const name = `darsak_test_template_${randomBytes(4).toString('hex')}`;
    process.env[TEMPLATE_ENV] = name;
    return createTemplateDatabase(name);
  }
  const file = await createPgliteSnapshot();
  process.env[SNAPSHOT_ENV] = file;
  return () => rm(file, { force: true });
}
