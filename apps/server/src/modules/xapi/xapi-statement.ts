// An analytics event as an xAPI 1.0.3 statement (docs/decisions/0020): who (an account on the portal), did what
// (a verb of the ADL or a published xAPI vocabulary), to what (an activity whose IRI is under PUBLIC_URL), when.
import { FEEDBACK_MAX_GRADE, idSchema, type AnalyticsEvent } from '@portal/contracts';
import { nameBasedId } from '../../lib/ids.ts';

export const XAPI_VERSION = '1.0.3';
/** Namespace of the statement ids: UUID version 5 of the event's id, so a re-delivery is the same statement. */
const STATEMENT_NAMESPACE = 'b0e5f0a2-8d3c-4f1e-9a7b-5c6d7e8f9a01';

export interface XapiStatement {
  id: string;
  actor: {
    objectType: 'Agent';
    account: { homePage: string; name: string };
  };
  verb: { id: string; display: Record<string, string> };
  object: {
    objectType: 'Activity';
    id: string;
    definition: { type: string; name: Record<string, string> };
  };
  result?: {
    score?: { raw: number; min: number; max: number; scaled: number };
    response?: string;
    extensions?: Record<string, unknown>;
  };
  context: {
    platform: string;
    language?: string;
    extensions: Record<string, unknown>;
  };
  timestamp: string;
  version: typeof XAPI_VERSION;
}

/** An event as it is stored: the client's properties and context, and what the server added. */
export interface StoredEvent {
  id: string;
  name: AnalyticsEvent['name'];
  userId: string | null;
  tenantId: string | null;
  created: string;
  sessionId: string | null;
  properties: Record<string, unknown>;
  context: Record<string, unknown>;
}

interface Verb {
  id: string;
  display: string;
}

// ADL's verbs (http://adlnet.gov/expapi/verbs/), else the Registry's (id.tincanapi.com) or a published profile's.
const VERBS: Record<AnalyticsEvent['name'], Verb> = {
  my_courses_search: { id: 'https://w3id.org/xapi/acrossx/verbs/searched', display: 'searched' },
  course_open_for_review: { id: 'http://id.tincanapi.com/verb/viewed', display: 'viewed' },
  course_restart: { id: 'http://adlnet.gov/expapi/verbs/attempted', display: 'attempted' },
  objective_start: { id: 'http://adlnet.gov/expapi/verbs/initialized', display: 'initialized' },
  activity_start: { id: 'http://adlnet.gov/expapi/verbs/launched', display: 'launched' },
  course_open_first_time: {
    id: 'http://adlnet.gov/expapi/verbs/experienced',
    display: 'experienced',
  },
  about_the_course_page_load: { id: 'http://id.tincanapi.com/verb/viewed', display: 'viewed' },
  product_feedback: { id: 'http://adlnet.gov/expapi/verbs/commented', display: 'commented' },
};

const ACTIVITY_TYPES = {
  course: 'http://adlnet.gov/expapi/activities/course',
  module: 'http://adlnet.gov/expapi/activities/module',
  page: 'http://activitystrea.ms/schema/1.0/page',
  application: 'http://activitystrea.ms/schema/1.0/application',
} as const;

/** The extension IRIs, under the portal's own address. */
export function extensionIri(publicUrl: string, name: string): string {
  return `${publicUrl}/xapi/extensions/${name}`;
}

export function statementIdOf(eventId: string): string {
  return nameBasedId(STATEMENT_NAMESPACE, eventId);
}

function uuidProperty(properties: Record<string, unknown>, key: string): string | null {
  const parsed = idSchema.safeParse(properties[key]);
  return parsed.success ? parsed.data.toLowerCase() : null;
}

function textProperty(properties: Record<string, unknown>, key: string): string | null {
  const value = properties[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The learner, or for an anonymous visitor the browser's device id; null when neither is known. */
function actorOf(event: StoredEvent, publicUrl: string): XapiStatement['actor'] | null {
  if (event.userId) {
    return { objectType: 'Agent', account: { homePage: publicUrl, name: event.userId } };
  }
  const deviceId = event.context.deviceId;
  if (typeof deviceId === 'string' && deviceId !== '') {
    return {
      objectType: 'Agent',
      account: { homePage: `${publicUrl}/xapi/devices`, name: deviceId },
    };
  }
  return null;
}

/** What the event is about: the course, the activity, the My courses page or the portal. */
function objectOf(event: StoredEvent, publicUrl: string): XapiStatement['object'] {
  const base = `${publicUrl}/learn`;
  const courseId = uuidProperty(event.properties, 'objectiveId');
  const activityId = uuidProperty(event.properties, 'activityId');
  if (event.name === 'activity_start' && courseId && activityId) {
    return {
      objectType: 'Activity',
      id: `${base}/courses/${courseId}/activities/${activityId}`,
      definition: { type: ACTIVITY_TYPES.module, name: { 'en-US': 'Course activity' } },
    };
  }
  if (event.name === 'my_courses_search' || event.name === 'product_feedback' || !courseId) {
    const isSearch = event.name === 'my_courses_search';
    return {
      objectType: 'Activity',
      id: isSearch ? `${base}/courses` : base,
      definition: isSearch
        ? { type: ACTIVITY_TYPES.page, name: { 'en-US': 'My courses' } }
        : { type: ACTIVITY_TYPES.application, name: { 'en-US': 'Learner portal' } },
    };
  }
  const courseName = textProperty(event.properties, 'objectiveName');
  return {
    objectType: 'Activity',
    id: `${base}/courses/${courseId}`,
    definition: { type: ACTIVITY_TYPES.course, name: { 'en-US': courseName ?? 'Course' } },
  };
}

/** A language tag for context.language (RFC 5646); the locales of the portal all are, but the client sends it. */
function languageOf(locale: unknown): string | undefined {
  return typeof locale === 'string' && /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/.test(locale)
    ? locale
    : undefined;
}

/** The statement for a stored event, or null for an anonymous event without a device id (no actor to name). */
export function statementOf(
  event: StoredEvent,
  options: { publicUrl: string; platform: string },
): XapiStatement | null {
  const { publicUrl } = options;
  const actor = actorOf(event, publicUrl);
  if (!actor) return null;
  const verb = VERBS[event.name];
  const ext = (name: string) => extensionIri(publicUrl, name);
  const { locale, ...context } = event.context;
  const extensions: Record<string, unknown> = {
    [ext('event-name')]: event.name,
    [ext('event-id')]: event.id,
    [ext('event-context')]: context,
    [ext('event-properties')]: event.properties,
  };
  if (event.tenantId) extensions[ext('tenant-id')] = event.tenantId;
  if (event.sessionId) extensions[ext('session-id')] = event.sessionId;
  const language = languageOf(locale);
  const statement: XapiStatement = {
    id: statementIdOf(event.id),
    actor,
    verb: { id: verb.id, display: { 'en-US': verb.display } },
    object: objectOf(event, publicUrl),
    context: {
      platform: options.platform,
      ...(language ? { language } : {}),
      extensions,
    },
    timestamp: event.created,
    version: XAPI_VERSION,
  };
  if (event.name === 'product_feedback') {
    const grade = Number(event.properties.grade);
    const comment = textProperty(event.properties, 'comment');
    statement.result = {
      ...(Number.isFinite(grade)
        ? {
            score: {
              raw: grade,
              min: 1,
              max: FEEDBACK_MAX_GRADE,
              scaled: (grade - 1) / (FEEDBACK_MAX_GRADE - 1),
            },
          }
        : {}),
      ...(comment ? { response: comment } : {}),
      extensions: { [ext('feedback-details')]: event.properties.details ?? [] },
    };
  }
  return statement;
}
