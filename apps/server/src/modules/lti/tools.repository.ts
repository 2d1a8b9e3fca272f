// Registered LTI tools and the activities they deliver.
import type { Kysely, Selectable } from 'kysely';
import type { LtiPrivacyLevel, LtiToolRegistration } from '@portal/contracts';
import { LtiVersion } from '@portal/contracts';
import type { Database, LtiToolsTable } from '../../db/schema.ts';
import { newId, newToken } from '../../lib/ids.ts';
import type { SecretBox } from './secret-box.ts';

export interface LtiToolRecord {
  id: string;
  tenantId: string;
  name: string;
  ltiVersion: number;
  enabled: boolean;
  clientId: string | null;
  deploymentIds: string[];
  loginUrl: string | null;
  redirectUris: string[];
  jwksUrl: string | null;
  publicJwk: Record<string, unknown> | null;
  allowedScopes: string[];
  targetLinkUri: string;
  privacyLevel: LtiPrivacyLevel;
  consumerKey: string | null;
  /** The sealed LTI 1.1 secret; open it with secretOf(). */
  secretEncrypted: string | null;
  /** May proctor activities (LTI Proctoring Services). */
  proctoring: boolean;
  created: string;
}

export interface LtiActivityResource {
  activityId: string;
  toolId: string;
  targetLinkUri: string | null;
  custom: Record<string, string>;
  preferredWidth: number | null;
  preferredHeight: number | null;
}

function toRecord(row: Selectable<LtiToolsTable>): LtiToolRecord {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    ltiVersion: row.ltiVersion,
    enabled: row.enabled === 1,
    clientId: row.clientId,
    deploymentIds: JSON.parse(row.deploymentIds) as string[],
    loginUrl: row.loginUrl,
    redirectUris: JSON.parse(row.redirectUris) as string[],
    jwksUrl: row.jwksUrl,
    publicJwk:
      row.publicJwk === null ? null : (JSON.parse(row.publicJwk) as Record<string, unknown>),
    allowedScopes: JSON.parse(row.allowedScopes) as string[],
    targetLinkUri: row.targetLinkUri,
    privacyLevel: row.privacyLevel as LtiPrivacyLevel,
    consumerKey: row.consumerKey,
    secretEncrypted: row.secretEncrypted,
    proctoring: row.proctoring === 1,
    created: row.created,
  };
}

export function createToolsRepository(db: Kysely<Database>, box: SecretBox) {
  const tools = () => db.selectFrom('ltiTools').selectAll();
  return {
    async create(
      tenantId: string,
      registration: LtiToolRegistration,
      now: Date,
      id: string = newId(),
    ): Promise<LtiToolRecord> {
      const common = {
        id,
        tenantId,
        name: registration.name,
        ltiVersion: registration.ltiVersion,
        enabled: 1 as const,
        targetLinkUri: registration.targetLinkUri,
        privacyLevel: registration.privacyLevel,
        created: now.toISOString(),
      };
      const values =
        registration.ltiVersion === LtiVersion.lti13
          ? {
              ...common,
              clientId: registration.clientId ?? newToken(16),
              deploymentIds: JSON.stringify(registration.deploymentIds ?? [newId()]),
              loginUrl: registration.loginUrl,
              redirectUris: JSON.stringify(registration.redirectUris),
              jwksUrl: registration.jwksUrl ?? null,
              publicJwk: registration.publicJwk ? JSON.stringify(registration.publicJwk) : null,
              allowedScopes: JSON.stringify(registration.allowedScopes),
              consumerKey: null,
              secretEncrypted: null,
              proctoring: registration.proctoring ? (1 as const) : (0 as const),
            }
          : {
              ...common,
              clientId: null,
              deploymentIds: '[]',
              loginUrl: null,
              redirectUris: '[]',
              jwksUrl: null,
              publicJwk: null,
              allowedScopes: '[]',
              consumerKey: registration.consumerKey,
              secretEncrypted: box.seal(registration.secret),
              proctoring: 0 as const,
            };
      await db.insertInto('ltiTools').values(values).execute();
      return toRecord({ ...values });
    },

    async findById(id: string): Promise<LtiToolRecord | null> {
      const row = await tools().where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async findByClientId(clientId: string): Promise<LtiToolRecord | null> {
      const row = await tools().where('clientId', '=', clientId).executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async findByConsumerKey(consumerKey: string): Promise<LtiToolRecord | null> {
      const row = await tools().where('consumerKey', '=', consumerKey).executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async listForTenant(tenantId: string): Promise<LtiToolRecord[]> {
      const rows = await tools()
        .where('tenantId', '=', tenantId)
        .orderBy('name')
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },

    /** Marks an LTI 1.3 tool as able (or no longer able) to proctor activities; false when no such tool. */
    async setProctoring(tenantId: string, id: string, proctoring: boolean): Promise<boolean> {
      const result = await db
        .updateTable('ltiTools')
        .set({ proctoring: proctoring ? 1 : 0 })
        .where('id', '=', id)
        .where('tenantId', '=', tenantId)
        .where('ltiVersion', '=', LtiVersion.lti13)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The LTI 1.1 shared secret in clear (never leaves the server). */
    secretOf(tool: LtiToolRecord): string {
      if (tool.secretEncrypted === null) throw new Error('The tool has no LTI 1.1 secret');
      return box.open(tool.secretEncrypted);
    },

    async findActivityResource(activityId: string): Promise<LtiActivityResource | null> {
      const row = await db
        .selectFrom('ltiActivityResources')
        .selectAll()
        .where('activityId', '=', activityId)
        .executeTakeFirst();
      if (!row) return null;
      return { ...row, custom: JSON.parse(row.custom) as Record<string, string> };
    },

    async setActivityResource(resource: LtiActivityResource): Promise<void> {
      const values = { ...resource, custom: JSON.stringify(resource.custom) };
      await db
        .insertInto('ltiActivityResources')
        .values(values)
        .onConflict((oc) =>
          oc.column('activityId').doUpdateSet({
            toolId: values.toolId,
            targetLinkUri: values.targetLinkUri,
            custom: values.custom,
            preferredWidth: values.preferredWidth,
            preferredHeight: values.preferredHeight,
          }),
        )
        .execute();
    },
  };
}

export type ToolsRepository = ReturnType<typeof createToolsRepository>;
