// `npm run banners -w apps/server -- add|list|remove …`: the administrators' tool for the promo banners of the
// learner dashboard (docs/decisions/0019).
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { loadConfig } from '../../config.ts';
import { createDatabase, migrateToLatest } from '../../db/database.ts';
import { DomainError } from '../../http/errors.ts';
import { findCliTenant } from '../../lib/cli-tenant.ts';
import { systemClock } from '../../lib/clock.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { createDashboardService } from './dashboard.service.ts';
import { createPromoBannersRepository } from './promo-banners.repository.ts';

const USAGE = `Usage:
  banners list   [--tenant-domain <domain>]
  banners add    [--tenant-domain <domain>] --title <text> --text <text> [--image-url <url> --image-alt <text>]
                 [--link-url <url> --link-label <text>] [--starts-at <ISO time>] [--ends-at <ISO time>]
                 [--sort-order <n>] [--unit <unit id>]...
  banners remove [--tenant-domain <domain>] <banner id>

A banner without --unit is shown to every learner of the tenant; with --unit, to the members of those units.
--starts-at defaults to now. URLs are http(s) addresses or paths of this portal starting with /.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'tenant-domain': { type: 'string' },
    title: { type: 'string' },
    text: { type: 'string' },
    'image-url': { type: 'string' },
    'image-alt': { type: 'string' },
    'link-url': { type: 'string' },
    'link-label': { type: 'string' },
    'starts-at': { type: 'string' },
    'ends-at': { type: 'string' },
    'sort-order': { type: 'string' },
    unit: { type: 'string', multiple: true },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

const [command, ...rest] = positionals;
if (command !== 'add' && command !== 'list' && command !== 'remove') fail('Unknown command.');
if (command === 'remove' && rest.length !== 1) fail('remove needs the id of one banner.');
const sortOrder = values['sort-order'] === undefined ? 0 : Number(values['sort-order']);
if (!Number.isInteger(sortOrder)) fail('--sort-order must be a whole number.');

const config = loadConfig();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  const tenant = await findCliTenant(database.db, values['tenant-domain']);
  if (!tenant) fail('No such tenant (start the server or run the seed first).');
  const service = createDashboardService({
    dashboardRepository: createDashboardRepository(database.db),
    promoBannersRepository: createPromoBannersRepository(database.db),
    clock: systemClock,
  });
  if (command === 'list') {
    const banners = await service.listBanners(tenant.id);
    for (const b of banners) {
      const audience = b.unitIds.length ? `units ${b.unitIds.join(', ')}` : 'all learners';
      process.stdout.write(
        `${b.id}  #${b.sortOrder}  ${b.startsAt} → ${b.endsAt ?? '(no end)'}  ${audience}\n  ${b.title}\n`,
      );
    }
    if (banners.length === 0) process.stderr.write(`No promo banners in ${tenant.name}.\n`);
  } else if (command === 'add') {
    const id = await service.addBanner(tenant.id, {
      title: values.title ?? '',
      text: values.text ?? '',
      imageUrl: values['image-url'] ?? null,
      imageAlt: values['image-alt'] ?? '',
      linkUrl: values['link-url'] ?? null,
      linkLabel: values['link-label'] ?? null,
      startsAt: values['starts-at'] ?? new Date().toISOString(),
      endsAt: values['ends-at'] ?? null,
      sortOrder,
      unitIds: values.unit ?? [],
    });
    process.stdout.write(`${id}\n`);
    process.stderr.write(`Added the banner to ${tenant.name}.\n`);
  } else {
    await service.removeBanner(tenant.id, rest[0]!);
    process.stderr.write(`Removed banner ${rest[0]}.\n`);
  }
} catch (error) {
  if (error instanceof ZodError) {
    fail(error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('\n'));
  }
  if (error instanceof DomainError) {
    fail([error.message, ...Object.values(error.errors ?? {}).flat()].join('\n'));
  }
  throw error;
} finally {
  await database.close();
}
