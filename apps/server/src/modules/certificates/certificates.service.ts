// Use cases of certificates: the holder's list and records, the public verification view, revocation.
import {
  certificateRevocationSchema,
  idSchema,
  Permission,
  type CertificateRecord,
  type ListEnvelope,
  type PublicCertificateRecord,
} from '@portal/contracts';
import { hasPermissions } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  filterCondition,
  listEnvelope,
  parseLoadOptions,
} from '../../lib/list-query/load-options.ts';
import { findPermissions } from '../identity/identity.repository.ts';
import { toObjectiveRecord } from '../workflows/workflows.mapper.ts';
import type { WorkflowsRepository } from '../workflows/workflows.repository.ts';
import { normalizeCertificateNumber } from './certificate-number.ts';
import { certificateDefaultSort, certificateFields } from './certificates.fields.ts';
import { toCertificateRecord, toPublicCertificateRecord } from './certificates.mapper.ts';
import type { CertificateRow, CertificatesRepository } from './certificates.repository.ts';

export interface CertificatesServiceDeps {
  db: Kysely<Database>;
  certificatesRepository: CertificatesRepository;
  workflowsRepository: WorkflowsRepository;
  clock: Clock;
}

export interface RevokedCertificate {
  id: string;
  certificateNumber: string;
  revoked: string;
  revokedReason: string;
}

const notFound = () => new NotFoundError('not_found', 'The requested resource does not exist.');

function requireId(id: string): string {
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;

export function createCertificatesService(deps: CertificatesServiceDeps) {
  const { db, certificatesRepository, workflowsRepository, clock } = deps;

  async function toHolderView(principal: Principal, row: CertificateRow, now: Date) {
    const record = await workflowsRepository.findObjectiveRecord(principal, row.objectiveRecordId);
    return toCertificateRecord(row, record ? toObjectiveRecord(record, now) : null, now);
  }

  return {
    /** The caller's certificates (learner scope): another user's are never listed, whatever the filter. */
    async list(principal: Principal, query: unknown): Promise<ListEnvelope<CertificateRecord>> {
      const options = parseLoadOptions(query, {
        fields: certificateFields,
        defaultSort: certificateDefaultSort,
      });
      const where = filterCondition(options);
      const [rows, totalCount] = await Promise.all([
        certificatesRepository.findPageForHolder(principal, {
          where,
          sort: options.sort,
          skip: options.skip,
          take: options.take,
        }),
        options.requireTotalCount
          ? certificatesRepository.countForHolder(principal, where)
          : undefined,
      ]);
      const now = clock.now();
      return listEnvelope(
        await Promise.all(rows.map((row) => toHolderView(principal, row, now))),
        totalCount,
      );
    },

    async get(principal: Principal, id: string): Promise<CertificateRecord> {
      const row = await certificatesRepository.findForHolder(principal, requireId(id));
      if (!row) throw notFound();
      return toHolderView(principal, row, clock.now());
    },

    /** The holder's certificate row (for its files); 404 for anyone else's. */
    async requireOwn(principal: Principal, id: string): Promise<CertificateRow> {
      const row = await certificatesRepository.findForHolder(principal, requireId(id));
      if (!row) throw notFound();
      return row;
    },

    /** The verifier's view; unknown and malformed numbers are the same 404. */
    async getPublic(certificateNumber: string): Promise<PublicCertificateRecord> {
      const row = await certificatesRepository.findByNumber(
        normalizeCertificateNumber(certificateNumber),
      );
      if (!row) throw notFound();
      return toPublicCertificateRecord(row, clock.now());
    },

    /** The public certificate row (for its files); 404 when unknown. */
    async requirePublic(certificateNumber: string): Promise<CertificateRow> {
      const row = await certificatesRepository.findByNumber(
        normalizeCertificateNumber(certificateNumber),
      );
      if (!row) throw notFound();
      return row;
    },

    /** An administrator of the certificate's tenant revokes it, with a reason; revoking twice is a 409. */
    async revoke(principal: Principal, id: string, body: unknown): Promise<RevokedCertificate> {
      const held = (await findPermissions(db, principal.userId)).map((p) => ({
        name: p.name,
        scope_id: p.scopeId,
      }));
      if (!hasPermissions(held, [{ name: Permission.certificateRevoke }]))
        throw new ForbiddenError();
      const { reason } = certificateRevocationSchema.parse(body ?? {});
      const row = await certificatesRepository.findInTenant(principal.tenantId, requireId(id));
      if (!row) throw notFound();
      return revokeRow(certificatesRepository, row, reason, principal.userId, clock.now());
    },
  };
}

/** Revokes a certificate row found by the caller (API or CLI). */
export async function revokeRow(
  repository: CertificatesRepository,
  row: Pick<CertificateRow, 'id' | 'certificateNumber'>,
  reason: string,
  revokedBy: string,
  now: Date,
): Promise<RevokedCertificate> {
  const revoked = now.toISOString();
  if (!(await repository.revoke({ id: row.id, reason, revokedBy, now: revoked }))) {
    throw new ConflictError('certificate_already_revoked', 'The certificate is already revoked.');
  }
  return { id: row.id, certificateNumber: row.certificateNumber, revoked, revokedReason: reason };
}
