// HTTP edge of certificates on the LMS API: the holder's records, the public verification view (no sign-in,
// rate-limited) and revocation by administrators.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { requirePrincipal } from '../../http/principal.ts';
import { NotFoundError } from '../../http/errors.ts';
import { createWorkflowsRepository } from '../workflows/workflows.repository.ts';
import {
  certificateFile,
  CONTENT_TYPES,
  downloadFileName,
  type CertificateFileKind,
} from './certificate-files.ts';
import { createCertificatesRepository, type CertificateRow } from './certificates.repository.ts';
import { createCertificatesService } from './certificates.service.ts';
import { didDocument, signedCredential, tenantSigningKey } from './certificate-credential.ts';

const LMS_API = '/api/lms/v1';

type WithId = { Params: { id: string } };
type WithNumber = { Params: { certificateNumber: string } };
type FileQuery = { Querystring: { disposition?: string } };
const FILE_KINDS: readonly CertificateFileKind[] = ['pdf', 'png'];

export function registerCertificatesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const certificatesRepository = createCertificatesRepository(ctx.db);
  const service = createCertificatesService({
    db: ctx.db,
    certificatesRepository,
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

  const credentialOf = (row: CertificateRow) =>
    signedCredential(
      ctx.db,
      {
        publicUrl: ctx.config.publicUrl,
        encryptionKey: ctx.config.encryptionKey,
        now: ctx.clock.now(),
      },
      row,
    );

  /** Sends the certificate's file: inline when asked (previews), else as a download with its file name. */
  async function sendFile(
    row: CertificateRow,
    kind: CertificateFileKind,
    disposition: string | undefined,
    reply: FastifyReply,
  ) {
    // External templates are rendered by another credential system: the portal has no file for them.
    if (row.templateKind !== 'internal') throw new NotFoundError();
    const file = await certificateFile(certificatesRepository, row, kind, {
      publicUrl: ctx.config.publicUrl,
      now: ctx.clock.now(),
      credentialJwt: async () => (await credentialOf(row)).proof.jwt,
    });
    const name = downloadFileName(row, kind);
    return reply
      .header('content-type', CONTENT_TYPES[kind])
      .header(
        'content-disposition',
        `${disposition === 'inline' ? 'inline' : 'attachment'}; filename="${name}"`,
      )
      .send(file);
  }

  for (const kind of FILE_KINDS) {
    app.get<WithId & FileQuery>(
      `${LMS_API}/certificate-records/:id/${kind}`,
      async (request, reply) => {
        const row = await service.requireOwn(requirePrincipal(request), request.params.id);
        reply.header('cache-control', 'private, no-store');
        return sendFile(row, kind, request.query.disposition, reply);
      },
    );

    app.get<WithNumber & FileQuery>(
      `${LMS_API}/public/certificate-records/:certificateNumber/${kind}`,
      { config: publicRateLimit },
      async (request, reply) => {
        const row = await service.requirePublic(request.params.certificateNumber);
        // A revoked certificate is not handed out as a document any more; its page says why.
        if (row.revoked !== null) throw new NotFoundError();
        reply.header('cache-control', 'public, max-age=300');
        return sendFile(row, kind, request.query.disposition, reply);
      },
    );
  }

  // The Open Badges 3.0 credential (docs/decisions/0015): JSON with its VC-JWT proof.
  app.get<WithId>(`${LMS_API}/certificate-records/:id/credential`, async (request, reply) => {
    const row = await service.requireOwn(requirePrincipal(request), request.params.id);
    reply
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `attachment; filename="Certificate-${row.certificateNumber}.json"`,
      );
    return credentialOf(row);
  });

  app.get<WithNumber>(
    `${LMS_API}/public/certificate-records/:certificateNumber/credential`,
    { config: publicRateLimit },
    async (request, reply) => {
      const row = await service.requirePublic(request.params.certificateNumber);
      if (row.revoked !== null) throw new NotFoundError();
      reply.header('cache-control', 'no-store');
      return credentialOf(row);
    },
  );

  // The issuer's DID document (did:web): the tenant's public key that verifies its credentials.
  app.get<{ Params: { tenantId: string } }>(
    `${LMS_API}/public/issuers/:tenantId/did.json`,
    { config: publicRateLimit },
    async (request, reply) => {
      const tenant = await ctx.db
        .selectFrom('tenants')
        .select('id')
        .where('id', '=', request.params.tenantId)
        .executeTakeFirst();
      if (!tenant) throw new NotFoundError();
      const key = await tenantSigningKey(
        ctx.db,
        ctx.config.encryptionKey,
        tenant.id,
        ctx.clock.now(),
      );
      reply.header('cache-control', 'public, max-age=300');
      return didDocument(ctx.config.publicUrl, tenant.id, key);
    },
  );

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
