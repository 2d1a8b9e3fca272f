// `npm run i18n:check`: checks the web's and the server's catalogues in all 35 locales (see
// check-catalogues.ts) and prints the key count of every locale; exits 1 on any problem.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../packages/contracts/src/locales.ts';
import { checkCatalogues, readCatalogueRoot } from './check-catalogues.ts';

const root = resolve(import.meta.dirname, '../..');
const allowIdentical = new Set<string>(
  JSON.parse(readFileSync(join(import.meta.dirname, 'allow-identical.json'), 'utf8')) as string[],
);
const roots = [
  readCatalogueRoot('web', join(root, 'apps/web/src/i18n/locales')),
  readCatalogueRoot('server', join(root, 'apps/server/src/i18n/locales')),
];
// `--locale de-DE --locale fr-FR` checks only those locales (a translator's own), against en-US.
const only = process.argv
  .map((arg, i, all) => (arg === '--locale' ? all[i + 1] : undefined))
  .filter((value): value is string => value !== undefined);
const unknown = only.filter((value) => !isLocale(value));
if (unknown.length > 0) {
  console.error(`Unknown locale(s): ${unknown.join(', ')}`);
  process.exit(2);
}
const { errors: allErrors, reports } = checkCatalogues(roots, {
  allowIdentical,
  ...(only.length > 0 ? { locales: [DEFAULT_LOCALE, ...(only as Locale[])] } : {}),
});
// With a locale filter, other locales' folders are not this run's business.
const errors =
  only.length > 0
    ? allErrors.filter((error) => !/: not one of the supported locales$/.test(error))
    : allErrors;

const verbose = process.argv.includes('--verbose') || errors.length === 0;
if (verbose) {
  const byLocale = new Map<string, { web: number; server: number; identical: number }>();
  for (const report of reports) {
    const row = byLocale.get(report.locale) ?? { web: 0, server: 0, identical: 0 };
    row[report.root as 'web' | 'server'] = report.keys;
    row.identical += report.identical;
    byLocale.set(report.locale, row);
  }
  console.log('locale       web  server  identical to en-US');
  for (const [locale, row] of [...byLocale].sort()) {
    console.log(
      `${locale.padEnd(11)} ${String(row.web).padStart(4)} ${String(row.server).padStart(7)} ${String(row.identical).padStart(10)}`,
    );
  }
}
if (errors.length > 0) {
  const shown = errors.slice(0, 200);
  console.error(shown.join('\n'));
  if (errors.length > shown.length) console.error(`… and ${errors.length - shown.length} more`);
  console.error(`\ni18n check failed: ${errors.length} problem(s).`);
  process.exit(1);
}
console.log(`\ni18n check passed: ${reports.length} locale catalogues complete.`);
