// `npm run lti -w apps/server -- <command>`: the LTI tool registry from a shell.
//   lti list [--tenant-domain d]
//   lti register --file tool.json [--tenant-domain d]   (JSON as the admin API's POST /api/platform/v1/lti-tools;
//                                                        an LTI 1.1 secret may come from LTI_TOOL_SECRET instead)
//   lti proctoring <tool id> on|off [--tenant-domain d]   (whether an LTI 1.3 tool may proctor activities)
//   lti rotate-keys
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ltiToolRegistrationSchema } from '@portal/contracts';
import { z } from 'zod';
import { loadConfig } from '../../config.ts';
import { createDatabase, migrateToLatest } from '../../db/database.ts';
import { systemClock } from '../../lib/clock.ts';
import { DomainError } from '../../http/errors.ts';
import { createLtiModule } from './lti.module.ts';
import { createToolsService } from './tools.service.ts';
import { findCliTenant } from '../../lib/cli-tenant.ts';

const USAGE = `Usage:
  lti list [--tenant-domain <domain>]
  lti register --file <tool.json> [--tenant-domain <domain>]
  lti proctoring <tool id> on|off [--tenant-domain <domain>]
  lti rotate-keys`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { file: { type: 'string' }, 'tenant-domain': { type: 'string' } },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

const command = positionals[0];
if (!command || !['list', 'register', 'proctoring', 'rotate-keys'].includes(command))
  fail('Unknown command.');

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  const ctx = { config, db: database.db, dialect: database.dialect, clock: systemClock };
  const lti = createLtiModule(ctx as Parameters<typeof createLtiModule>[0]);
  await lti.keys.ensure(systemClock.now());
  const tenant = await findCliTenant(database.db, values['tenant-domain']);
  const service = createToolsService(lti);

  if (command === 'rotate-keys') {
    const { current, next } = await lti.keys.rotate(systemClock.now());
    process.stdout.write(`Signing with key ${current}; next key ${next} is published.\n`);
  } else {
    if (!tenant) fail('No such tenant (start the server or run the seed first).');
    if (command === 'proctoring') {
      const [, toolId, flag] = positionals;
      if (!toolId || (flag !== 'on' && flag !== 'off'))
        fail('proctoring needs a tool id and on|off.');
      const tool = await service.setProctoring(tenant.id, toolId, flag === 'on');
      process.stdout.write(`${JSON.stringify(tool, null, 2)}\n`);
    } else if (command === 'list') {
      process.stdout.write(`${JSON.stringify(await service.list(tenant.id), null, 2)}\n`);
    } else {
      if (!values.file) fail('register needs --file.');
      const raw = JSON.parse(readFileSync(values.file, 'utf8')) as Record<string, unknown>;
      if (raw.ltiVersion === 1 && raw.secret === undefined && process.env.LTI_TOOL_SECRET) {
        raw.secret = process.env.LTI_TOOL_SECRET;
      }
      const parsed = ltiToolRegistrationSchema.safeParse(raw);
      if (!parsed.success) fail(`Invalid tool: ${z.prettifyError(parsed.error)}`);
      const tool = await service.register(tenant.id, parsed.data, systemClock.now());
      process.stdout.write(`${JSON.stringify(tool, null, 2)}\n`);
    }
  }
} catch (error) {
  fail(error instanceof DomainError ? error.message : String(error));
} finally {
  await database.close();
}
