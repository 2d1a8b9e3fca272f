// HTTP edge of certificates on the LMS API: the holder's records, the public verification view (no sign-in,
// rate-limited) and revocation by administrators.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { createWorkflowsRepository } from '../workflows/workflows.repository.ts';
import { createCertificatesRepository } from './certificates.repository.ts';
import { createCertificatesService } from './certificates.service.ts';

const LMS_API = '/api/lms/v1';

type WithId = { Params: { id: string } };
type WithNumber = { Params: { certificateNumber: string } };

export function registerCertificatesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = createCertificatesService({
    db: ctx.db,
    certificatesRepository: createCertificatesRepository(ctx.db),
    workflowsRepository: createWorkflowsRepository(ctx.db, ctx.dialect),
    clock: ctx.clock,
  });
  const noStore = { 'cache-control': 'no-store' };
  const publicRateLimit = {
    rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: '1 minute' },
  };

  app.get(`${LMS_API}/certificate-records/query`, async (request, reply) => {
    reply.headers(noStore);
    return service.list(requirePrincipal(request), request.query);
  });

  app.get<WithId>(`${LMS_API}/certificate-records/:id`, async (request, reply) => {
    reply.headers(noStore);
    return service.get(requirePrincipal(request), request.params.id);
  });

  app.post<WithId>(`${LMS_API}/certificate-records/:id/revocation`, async (request) =>
    service.revoke(requirePrincipal(request), request.params.id, request.body),
  );

  app.get<WithNumber>(
    `${LMS_API}/public/certificate-records/:certificateNumber`,
    { config: publicRateLimit },
    async (request, reply) => {
      // The status changes with time (expiry) and by revocation: verifiers must always ask again.
      reply.headers(noStore);
      return service.getPublic(request.params.certificateNumber);
    },
  );
}
