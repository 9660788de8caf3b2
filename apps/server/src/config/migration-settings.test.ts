import { describe, expect, it } from 'vitest';
import { ConfigError, loadMigrationConfig } from './env.ts';

describe('the migrate step’s settings', () => {
  it('needs the database outside local mode, and none of the instances’ secrets', () => {
    const production = { SERVER_ENV: 'production', DATABASE_URL: 'postgres://darsak@db/darsak' };
    expect(loadMigrationConfig(production)).toMatchObject({ DATABASE_URL: production.DATABASE_URL });
    expect(() => loadMigrationConfig({ SERVER_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadMigrationConfig({ SERVER_ENV: 'production' })).toThrow(/DATABASE_URL must be set/);
    expect(loadMigrationConfig({}).DATABASE_URL).toBeUndefined(); // local: the embedded database
  });

  it('takes the timeouts in ms, 0 for none, and refuses anything else', () => {
    const config = loadMigrationConfig({ MIGRATION_LOCK_TIMEOUT_MS: '500', MIGRATION_STATEMENT_TIMEOUT_MS: '0' });
    expect([config.MIGRATION_LOCK_TIMEOUT_MS, config.MIGRATION_STATEMENT_TIMEOUT_MS]).toEqual([500, 0]);
    expect(() => loadMigrationConfig({ MIGRATION_LOCK_TIMEOUT_MS: '-1' })).toThrow(/MIGRATION_LOCK_TIMEOUT_MS/);
    expect(() => loadMigrationConfig({ MIGRATION_STATEMENT_TIMEOUT_MS: '2s' })).toThrow(
      /MIGRATION_STATEMENT_TIMEOUT_MS/,
    );
  });
});
