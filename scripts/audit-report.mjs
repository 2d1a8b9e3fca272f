#!/usr/bin/env node
// CI's dependency audit: `npm audit --omit=dev` as a report. It fails the run on a high or critical
// advisory that the registry reports, and only warns when the registry cannot answer the audit (some
// networks and mirrors refuse the bulk advisory endpoint): an unavailable audit is not a vulnerability.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.warn('npm audit: no readable answer; the audit is unavailable here.');
  process.exit(0);
}
if (!report.metadata?.vulnerabilities) {
  const reason = report.message ?? report.error?.summary ?? 'unknown error';
  console.warn(`npm audit is unavailable (${reason}); continuing without it.`);
  process.exit(0);
}
const counts = report.metadata.vulnerabilities;
console.log(
  `npm audit (production dependencies): ${['critical', 'high', 'moderate', 'low', 'info']
    .map((level) => `${counts[level] ?? 0} ${level}`)
    .join(', ')}`,
);
const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) =>
  ['high', 'critical'].includes(v.severity),
);
for (const [name, v] of serious) console.error(`  ${v.severity}: ${name} (${v.range})`);
process.exit(serious.length > 0 ? 1 : 0);
