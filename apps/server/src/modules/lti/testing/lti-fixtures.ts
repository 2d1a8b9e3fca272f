// Test fixtures of the LTI platform: registered tools (with a tool key pair for client assertions), an LTI
// course (its root activity is the tool's), and a composite course with an LTI child.
import { randomUUID } from 'node:crypto';
import { generateKeyPair, exportJWK, type CryptoKey, type JWK } from 'jose';
import { ActivityType, DisplayMode, LtiVersion } from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import {
  aCourse,
  aCourseTree,
  type BuiltTree,
  type TreePart,
} from '../../../test/course-builders.ts';
import type { LtiModule } from '../lti.module.ts';
import { refreshLearnerCourses } from '../../courses/learner-courses.ts';
import type { LtiToolRecord } from '../tools.repository.ts';

type Db = Kysely<Database>;

export interface ToolKeyPair {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function aToolKeyPair(kid = 'tool-key-1'): Promise<ToolKeyPair> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

export interface Lti13ToolOptions {
  name?: string;
  toolUrl?: string;
  /** The tool's public key; a JWKS URL is used instead when given. */
  publicJwk?: JWK;
  jwksUrl?: string;
  allowedScopes?: string[];
  privacyLevel?: 'anonymous' | 'name' | 'email';
  clientId?: string;
  deploymentIds?: string[];
  loginUrl?: string;
  redirectUris?: string[];
  /** May proctor activities (LTI Proctoring Services). */
  proctoring?: boolean;
}

/** An LTI 1.3 tool at `toolUrl` (default https://tool.example) with /login, /launch. */
export async function anLti13Tool(
  lti: LtiModule,
  tenantId: string,
  options: Lti13ToolOptions = {},
): Promise<LtiToolRecord> {
  const toolUrl = options.toolUrl ?? 'https://tool.example';
  return lti.tools.create(
    tenantId,
    {
      ltiVersion: LtiVersion.lti13,
      name: options.name ?? 'Test tool',
      clientId: options.clientId,
      deploymentIds: options.deploymentIds,
      loginUrl: options.loginUrl ?? `${toolUrl}/login`,
      redirectUris: options.redirectUris ?? [`${toolUrl}/launch`],
      targetLinkUri: `${toolUrl}/launch`,
      ...(options.jwksUrl
        ? { jwksUrl: options.jwksUrl }
        : {
            publicJwk: (options.publicJwk ?? (await aToolKeyPair()).publicJwk) as {
              kty: 'RSA';
              n: string;
              e: string;
            },
          }),
      allowedScopes: options.allowedScopes ?? [
        'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
        'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
        'https://purl.imsglobal.org/spec/lti-ags/scope/score',
      ],
      privacyLevel: options.privacyLevel ?? 'name',
      proctoring: options.proctoring ?? false,
    },
    new Date(),
  );
}

/** An LTI 1.1 tool with launch URL `launchUrl`. */
export async function anLti11Tool(
  lti: LtiModule,
  tenantId: string,
  options: { launchUrl?: string; consumerKey?: string; secret?: string; name?: string } = {},
): Promise<LtiToolRecord> {
  return lti.tools.create(
    tenantId,
    {
      ltiVersion: LtiVersion.lti11,
      name: options.name ?? 'Legacy tool',
      targetLinkUri: options.launchUrl ?? 'https://legacy-tool.example/launch',
      consumerKey: options.consumerKey ?? `key-${Math.random().toString(36).slice(2)}`,
      secret: options.secret ?? 'legacy-shared-secret-123',
      privacyLevel: 'name',
    },
    new Date(),
  );
}

/** Turns an activity into one delivered by `tool` (type from the tool's LTI version). */
export async function makeLtiActivity(
  db: Db,
  lti: LtiModule,
  activityId: string,
  tool: LtiToolRecord,
  options: {
    displayMode?: number;
    custom?: Record<string, string>;
    targetLinkUri?: string;
    maxScore?: number;
  } = {},
): Promise<void> {
  await db
    .updateTable('activities')
    .set({
      type: tool.ltiVersion === LtiVersion.lti11 ? ActivityType.lti11 : ActivityType.lti13,
      content: null,
      displayMode: options.displayMode ?? DisplayMode.embeddedAuto,
      maxScore: options.maxScore ?? 10,
    })
    .where('id', '=', activityId)
    .execute();
  await refreshLearnerCourses(db, { activityId });
  await lti.tools.setActivityResource({
    activityId,
    toolId: tool.id,
    targetLinkUri: options.targetLinkUri ?? null,
    custom: options.custom ?? {},
    preferredWidth: null,
    preferredHeight: options.displayMode === DisplayMode.embeddedCustom ? 600 : null,
  });
}

/** A course whose root activity is delivered by the tool (an "LTI course"). */
export async function anLtiCourse(
  db: Db,
  lti: LtiModule,
  tenantId: string,
  tool: LtiToolRecord,
  options: { displayMode?: number; name?: string } = {},
): Promise<{ objectiveId: string; rootActivityId: string }> {
  const objectiveId = await aCourse(db, tenantId)
    .named(options.name ?? 'LTI course', 'LTI-1', null)
    .create();
  const { activityId } = await db
    .selectFrom('objectives')
    .select('activityId')
    .where('id', '=', objectiveId)
    .executeTakeFirstOrThrow();
  await makeLtiActivity(db, lti, activityId, tool, { displayMode: options.displayMode });
  return { objectiveId, rootActivityId: activityId };
}

/** A composite course with a text part "Intro" and an LTI part "Quiz" delivered by the tool. */
export async function aCompositeWithLtiChild(
  db: Db,
  lti: LtiModule,
  tenantId: string,
  tool: LtiToolRecord,
  options: { displayMode?: number; gradingScaleId?: string | null; extraParts?: TreePart[] } = {},
): Promise<BuiltTree> {
  const tree = await aCourseTree(
    db,
    tenantId,
    'Composite with a tool',
    [{ name: 'Intro' }, { name: 'Quiz' }, ...(options.extraParts ?? [])],
    { gradingScaleId: options.gradingScaleId ?? null },
  );
  await makeLtiActivity(db, lti, tree.parts.Quiz!.activityId, tool, {
    displayMode: options.displayMode,
  });
  return tree;
}

/**
 * A placement's resource link and its line item (maximum 10), written directly as a launch would create them;
 * for tests of what comes after a launch (scores, outcomes).
 */
export async function aResourceLink(
  db: Db,
  placement: {
    tenantId: string;
    tool: Pick<LtiToolRecord, 'id'>;
    objectiveId: string;
    activityId: string;
    axis: string;
    created?: string;
  },
): Promise<{ resourceLinkId: string; lineItemId: string }> {
  const resourceLinkId = randomUUID();
  const lineItemId = randomUUID();
  const created = placement.created ?? new Date().toISOString();
  await db
    .insertInto('ltiResourceLinks')
    .values({
      id: resourceLinkId,
      tenantId: placement.tenantId,
      toolId: placement.tool.id,
      objectiveId: placement.objectiveId,
      activityId: placement.activityId,
      axis: placement.axis,
      created,
    })
    .execute();
  await db
    .insertInto('ltiLineItems')
    .values({
      id: lineItemId,
      toolId: placement.tool.id,
      objectiveId: placement.objectiveId,
      resourceLinkId,
      label: 'Quiz',
      scoreMaximum: 10,
      resourceId: null,
      tag: null,
      startDateTime: null,
      endDateTime: null,
      created,
    })
    .execute();
  return { resourceLinkId, lineItemId };
}
