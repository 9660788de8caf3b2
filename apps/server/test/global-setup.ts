import { createTemplateDatabase } from './test-database.ts';

/** With DATABASE_URL set, migrate a template database once; each test file copies it. */
export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) await createTemplateDatabase();
}
