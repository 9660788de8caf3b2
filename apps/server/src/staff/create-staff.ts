import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { AppError, ERROR_MESSAGES_EN } from '@darsak/domain/errors';
import { Email, Password, PersonName, ROLE_GROUPS, Role, type RoleName } from '@darsak/domain/users';
import { loadConfig, migrationTimeoutsOf } from '../config/env.ts';
import { countFavouriteTopics } from '../modules/topics/topics.service.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { systemClock } from '../platform/clock.ts';
import { openDatabase } from '../platform/db/client.ts';
import { applyMigrations } from '../platform/db/migrate.ts';
import { hashPassword } from '../platform/security/passwords.ts';

type StaffRole = (typeof ROLE_GROUPS.staff)[number];
const STAFF_ROLES: readonly RoleName[] = ROLE_GROUPS.staff;

const USAGE = `Creates a staff account on the configured database (DATABASE_URL, or the embedded one under DATA_DIR).

  npm run staff:create -- --email owner@example.com --name "Mona Adel" [--role superAdmin]

Roles: ${STAFF_ROLES.join(', ')} (default superAdmin, the first account of a fresh deployment).
The password is read from STAFF_PASSWORD, or asked for when unset (8 to 50 characters, a letter and a digit).`;

async function askPassword(): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return await prompt.question('Password: ');
  } finally {
    prompt.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.email || !values.name) {
    console.info(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const role = (values.role ?? 'superAdmin') as RoleName;
  if (!STAFF_ROLES.includes(role)) throw new Error(`--role must be one of ${STAFF_ROLES.join(', ')}`);
  const email = Email.parse(values.email);
  const name = PersonName.parse(values.name);
  const password = Password.parse(process.env.STAFF_PASSWORD ?? (await askPassword()));

  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite`, poolSize: 1 });
  try {
    await applyMigrations(database, { timeouts: migrationTimeoutsOf(config) });
    const users = createUsersService({
      db: database.db,
      clock: systemClock,
      uploadUrl: (file) => `/assets/uploads/${encodeURIComponent(file)}`,
      countFavouriteTopics,
      tutorChanges: { notify: async () => undefined },
    });
    const account = await users.createStaffAccount({
      role: Role[role as StaffRole],
      name,
      email,
      passwordHash: await hashPassword(password),
    });
    console.info(`Created ${role} #${account.id} <${account.email}>; sign in to the admin app with this e-mail.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof AppError ? `${error.code}: ${ERROR_MESSAGES_EN[error.code]}` : error);
  process.exitCode = 1;
});
