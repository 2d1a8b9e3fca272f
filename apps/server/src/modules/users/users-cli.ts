// `npm run users -w apps/server -- <command>`: manage local accounts from a shell (first administrator,
// password resets, suspension). Passwords come from the PORTAL_PASSWORD environment variable so that
// they stay out of shell history and process lists.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { createDatabase, migrateToLatest } from '../../db/database.ts';
import { systemClock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/password.ts';
import { createUser } from '../identity/identity.repository.ts';
import { REGISTRATION_LIMITS, validateRegistration } from '../auth/accounts.service.ts';
import { findCliTenant } from '../../lib/cli-tenant.ts';

const USAGE = `Usage:
  users create --email <e-mail> --first-name <name> --last-name <name> [--roles Learner,Administrator] [--tenant-domain <domain>]
  users set-password --email <e-mail> [--tenant-domain <domain>]
  users set-status --email <e-mail> --status Active|Suspended|Archived [--tenant-domain <domain>]
The password is read from the PORTAL_PASSWORD environment variable (at least ${REGISTRATION_LIMITS.passwordMin} characters).`;

const STATUSES = ['Active', 'Suspended', 'Archived'];

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    roles: { type: 'string', default: 'Learner' },
    'tenant-domain': { type: 'string' },
    status: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

function passwordFromEnvironment(): string {
  const password = process.env.PORTAL_PASSWORD ?? '';
  if (
    password.length < REGISTRATION_LIMITS.passwordMin ||
    password.length > REGISTRATION_LIMITS.passwordMax
  ) {
    fail(
      `PORTAL_PASSWORD must hold ${REGISTRATION_LIMITS.passwordMin} to ${REGISTRATION_LIMITS.passwordMax} characters.`,
    );
  }
  return password;
}

const command = positionals[0];
const email = values.email?.trim().toLowerCase();
if (!command || !email) fail('A command and --email are required.');

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  const { db } = database;
  const tenant = await findCliTenant(db, values['tenant-domain']);
  if (!tenant)
    fail('No such tenant (the database has none yet: start the server or run the seed first).');

  if (command === 'create') {
    const password = passwordFromEnvironment();
    const input = {
      firstName: values['first-name'] ?? '',
      lastName: values['last-name'] ?? '',
      email,
      password,
      confirmPassword: password,
    };
    const errors = validateRegistration(input);
    if (Object.keys(errors).length > 0) fail(`Invalid input: ${JSON.stringify(errors)}`);
    const roles = (values.roles ?? 'Learner')
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean);
    const user = await db.transaction().execute(async (trx) =>
      createUser(trx, {
        tenantId: tenant.id,
        email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        passwordHash: await hashPassword(password),
        roles,
        created: systemClock.now().toISOString(),
      }),
    );
    console.warn(`Created ${user.email} (${roles.join(', ')}) in ${tenant.name}: ${user.id}`);
  } else if (command === 'set-password') {
    const result = await db
      .updateTable('users')
      .set({ passwordHash: await hashPassword(passwordFromEnvironment()) })
      .where('tenantId', '=', tenant.id)
      .where('email', '=', email)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) fail(`No user ${email} in ${tenant.name}.`);
    console.warn(`Password of ${email} changed.`);
  } else if (command === 'set-status') {
    if (!values.status || !STATUSES.includes(values.status))
      fail(`--status must be one of ${STATUSES.join(', ')}.`);
    const result = await db
      .updateTable('users')
      .set({ status: values.status })
      .where('tenantId', '=', tenant.id)
      .where('email', '=', email)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) fail(`No user ${email} in ${tenant.name}.`);
    // Requests of a non-active user are already refused; their sessions are removed as well.
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('tenantId', '=', tenant.id)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    if (values.status !== 'Active')
      await db.deleteFrom('sessions').where('userId', '=', user.id).execute();
    console.warn(`Status of ${email} is now ${values.status}.`);
  } else {
    fail(`Unknown command "${command}".`);
  }
} finally {
  await database.close();
}
