// Which origins may frame the portal's proctored-activity pages (docs/decisions/0028): those of the enabled
// proctoring tools, whose pages hold the proctored activity in an iframe.
import { LtiVersion } from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The web app routes a proctoring tool frames; only these may be framed by the tools. */
export const PROCTORING_FRAMED_PATHS = /^\/learn\/courses\/(redirect|proctor)\//;

function originOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : null;
  } catch {
    return null;
  }
}

/** The origins of every enabled LTI 1.3 proctoring tool: its launch, login and redirect URLs. */
export async function proctoringToolOrigins(db: Kysely<Database>): Promise<string[]> {
  const tools = await db
    .selectFrom('ltiTools')
    .select(['targetLinkUri', 'loginUrl', 'redirectUris'])
    .where('enabled', '=', 1)
    .where('proctoring', '=', 1)
    .where('ltiVersion', '=', LtiVersion.lti13)
    .execute();
  const origins = new Set<string>();
  for (const tool of tools) {
    const urls = [
      tool.targetLinkUri,
      tool.loginUrl,
      ...(JSON.parse(tool.redirectUris) as string[]),
    ];
    for (const url of urls) {
      const origin = originOf(url);
      if (origin !== null) origins.add(origin);
    }
  }
  return [...origins].sort();
}
