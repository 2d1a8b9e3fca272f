// Ids are compared as stored (lower-case UUIDs): path parameters are normalised once here, at the edge,
// and bodies through the contracts' idSchema, so no service has to remember to fold case.
import type { FastifyInstance } from 'fastify';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function foldUuid(value: string): string {
  return UUID.test(value) ? value.toLowerCase() : value;
}

/** Lower-cases every UUID among the route's path parameters, including the segments of a wildcard. */
export function registerIdNormalisation(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const params = request.params as Record<string, unknown> | undefined;
    if (!params) return;
    for (const [name, value] of Object.entries(params)) {
      if (typeof value !== 'string') continue;
      params[name] = name === '*' ? value.split('/').map(foldUuid).join('/') : foldUuid(value);
    }
  });
}
