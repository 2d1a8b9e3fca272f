// `npm run certificates -w apps/server -- <command>`: certificates from a shell.
//   certificates revoke --number <certificate number> --reason <text> [--tenant-domain d]
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { createDatabase, migrateToLatest } from '../../db/database.ts';
import { DomainError } from '../../http/errors.ts';
import { systemClock } from '../../lib/clock.ts';
import { normalizeCertificateNumber } from './certificate-number.ts';
import { createCertificatesRepository } from './certificates.repository.ts';
import { revokeRow } from './certificates.service.ts';
import { findCliTenant } from '../../lib/cli-tenant.ts';

const USAGE = `Usage:
  certificates revoke --number <certificate number> --reason <text> [--tenant-domain <domain>]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    number: { type: 'string' },
    reason: { type: 'string' },
    'tenant-domain': { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

if (positionals[0] !== 'revoke') fail('Unknown command.');
const reason = values.reason?.trim();
if (!values.number) fail('revoke needs --number.');
if (!reason) fail('revoke needs --reason.');

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  const tenant = await findCliTenant(database.db, values['tenant-domain']);
  if (!tenant) fail('No such tenant (start the server or run the seed first).');
  const repository = createCertificatesRepository(database.db);
  const row = await repository.findByNumberInTenant(
    tenant.id,
    normalizeCertificateNumber(values.number),
  );
  if (!row) fail(`No certificate ${values.number} in this tenant.`);
  // Revoked from a shell: the record names the operator's account, not a portal user.
  const revoked = await revokeRow(
    repository,
    row,
    reason,
    `cli:${process.env.USER ?? 'unknown'}`,
    systemClock.now(),
  );
  process.stdout.write(`${JSON.stringify(revoked, null, 2)}\n`);
} catch (error) {
  fail(error instanceof DomainError ? error.message : String(error));
} finally {
  await database.close();
}
