import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/modules/*/*.table.ts',
  out: './apps/server/drizzle',
  strict: true,
});
