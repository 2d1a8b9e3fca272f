// Launch use cases of the LMS API: the placement's stable resource link, and the single-use launch form
// (LTI 1.3 third-party-initiated login with a pending launch, or a signed LTI 1.1 launch).
import { randomBytes } from 'node:crypto';
import {
  LtiVersion,
  resourceLinkQuerySchema,
  type ResourceForm,
  type ResourceLink,
} from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../http/principal.ts';
import { sha256Hex } from './launch-binding.ts';
import type { LtiModule } from './lti.module.ts';
import { buildLti11LaunchForm } from './lti11-launch.ts';
import {
  ensureResourceLink,
  loadLaunchContext,
  resolvePlacement,
  type Placement,
  type ResourceLinkRow,
} from './placement.ts';
import { subjectFor } from './subjects.ts';

/** How long a login-initiation form (its lti_message_hint) may take to come back. */
export const LAUNCH_TTL_SECONDS = 120;

/** The query of resource-link as parsed by Fastify: repeated keys give arrays, one key a string. */
export type RawQuery = Record<string, string | string[] | undefined>;

/** Repeated keys and comma-separated values are both lists. */
function listOf(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value])
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function parseResourceLinkQuery(query: RawQuery) {
  const normalized: Record<string, unknown> = { ...query };
  for (const key of ['activityWorkflowIds', 'activityPartIds']) {
    if (key in normalized) normalized[key] = listOf(query[key]);
  }
  return resourceLinkQuerySchema.parse(normalized);
}

const newHint = () => randomBytes(32).toString('base64url');

export function createLaunchService(ctx: AppContext, lti: LtiModule) {
  const { db, dialect, clock } = ctx;

  async function placeAndLink(caller: Principal, request: Parameters<typeof resolvePlacement>[2]) {
    const now = clock.now();
    const placement = await resolvePlacement({ db, dialect, lti }, caller, request, now);
    const link = await ensureResourceLink(db, dialect, placement, now);
    return { placement, link, now };
  }

  async function userLocale(userId: string): Promise<string | null> {
    const row = await db
      .selectFrom('users')
      .select('locale')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.locale ?? null;
  }

  function formOf(placement: Placement, action: string, fields: Record<string, string>) {
    return {
      action,
      method: 'POST' as const,
      fields,
      displayMode: placement.node.displayMode,
      preferredWidth: placement.resource.preferredWidth,
      preferredHeight: placement.resource.preferredHeight,
    };
  }

  const returnUrlOf = (placement: Placement) =>
    lti.urls.toolCallback(
      placement.attempt.objectiveId,
      placement.attempt.id,
      placement.workflow.axis,
    );

  /** LTI 1.3: a pending launch row bound to this browser, and the tool's login-initiation form. */
  async function lti13Form(
    caller: Principal,
    placement: Placement,
    link: ResourceLinkRow,
    bindingToken: string,
    now: Date,
  ): Promise<ResourceForm> {
    const { tool } = placement;
    const hint = newHint();
    const loginHint = await subjectFor(db, tool.id, caller.userId);
    // Expired launches are of no use to anyone: purged as new ones are made.
    await db.deleteFrom('ltiLaunches').where('expires', '<', now.toISOString()).execute();
    await db
      .insertInto('ltiLaunches')
      .values({
        hintHash: sha256Hex(hint),
        tenantId: caller.tenantId,
        toolId: tool.id,
        userId: caller.userId,
        resourceLinkId: link.id,
        objectiveWorkflowId: placement.attempt.id,
        activityWorkflowId: placement.workflow.id,
        loginHint,
        bindingHash: sha256Hex(bindingToken),
        targetLinkUri: placement.targetLinkUri,
        documentTarget: 'iframe',
        returnUrl: returnUrlOf(placement),
        locale: await userLocale(caller.userId),
        expires: new Date(now.getTime() + LAUNCH_TTL_SECONDS * 1000).toISOString(),
        used: null,
        created: now.toISOString(),
      })
      .execute();
    return formOf(placement, tool.loginUrl!, {
      iss: lti.urls.issuer,
      login_hint: loginHint,
      target_link_uri: placement.targetLinkUri,
      lti_message_hint: hint,
      client_id: tool.clientId!,
      lti_deployment_id: tool.deploymentIds[0]!,
    });
  }

  /** The learner's lis_result_sourcedid for this link, created once (concurrent calls agree on one). */
  async function outcomeSourceFor(caller: Principal, link: ResourceLinkRow, now: Date) {
    await db
      .insertInto('ltiOutcomeSources')
      .values({
        sourcedid: newHint(),
        toolId: link.toolId,
        resourceLinkId: link.id,
        userId: caller.userId,
        created: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['resourceLinkId', 'userId']).doNothing())
      .execute();
    const row = await db
      .selectFrom('ltiOutcomeSources')
      .select('sourcedid')
      .where('resourceLinkId', '=', link.id)
      .where('userId', '=', caller.userId)
      .executeTakeFirstOrThrow();
    return row.sourcedid;
  }

  /** LTI 1.1: the signed launch form, built now (its nonce and timestamp make it single-use). */
  async function lti11Form(
    caller: Principal,
    placement: Placement,
    link: ResourceLinkRow,
    now: Date,
  ): Promise<ResourceForm> {
    const { tool, resource } = placement;
    const context = await loadLaunchContext(db, {
      tool,
      resource,
      link,
      userId: caller.userId,
      targetLinkUri: placement.targetLinkUri,
      returnUrl: returnUrlOf(placement),
      documentTarget: 'iframe',
      locale: await userLocale(caller.userId),
      outcomeSourcedId: await outcomeSourceFor(caller, link, now),
    });
    const { action, fields } = buildLti11LaunchForm({
      context,
      consumerKey: tool.consumerKey!,
      secret: lti.tools.secretOf(tool),
      outcomeServiceUrl: lti.urls.outcomes,
      now,
    });
    return formOf(placement, action, fields);
  }

  return {
    /** POST objective-workflows/{id}/resource-link */
    async resourceLink(
      caller: Principal,
      objectiveWorkflowId: string,
      query: RawQuery,
    ): Promise<ResourceLink> {
      const { activityWorkflowIds, activityPartIds } = parseResourceLinkQuery(query);
      const { placement, link } = await placeAndLink(caller, {
        objectiveWorkflowId,
        activityWorkflowIds,
        activityPartIds,
      });
      return {
        resourceLinkId: link.id,
        targetLinkUri: placement.targetLinkUri,
        ltiVersion: placement.tool.ltiVersion,
      };
    },

    /**
     * GET objective-workflows/{id}/resource-form/{ids}: a fresh form on every call. `binding` answers the
     * browser's launch-binding token (setting the cookie when the browser has none); only LTI 1.3 asks.
     */
    async resourceForm(
      caller: Principal,
      objectiveWorkflowId: string,
      activityWorkflowIds: string[],
      binding: () => string,
    ): Promise<ResourceForm> {
      const { placement, link, now } = await placeAndLink(caller, {
        objectiveWorkflowId,
        activityWorkflowIds,
      });
      return placement.tool.ltiVersion === LtiVersion.lti13
        ? lti13Form(caller, placement, link, binding(), now)
        : lti11Form(caller, placement, link, now);
    },
  };
}

export type LaunchService = ReturnType<typeof createLaunchService>;
