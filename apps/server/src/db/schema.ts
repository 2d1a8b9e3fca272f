// Kysely table types (camelCase in code; CamelCasePlugin maps to snake_case columns).
// Conventions: ids are UUID text; times are ISO-8601 UTC text ("…Z"); booleans are 0/1 integers
// on both dialects (docs/decisions/0002-portable-column-types.md).
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Flag = 0 | 1;

export interface TenantsTable {
  id: string;
  name: string;
  domain: string;
  created: string;
}

export interface UsersTable {
  id: string;
  tenantId: string;
  email: string;
  username: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  timezone: string | null;
  externalId: string | null;
  departmentName: string | null;
  /** Created | Active | Suspended | Archived */
  status: string;
  /** scrypt hash for local accounts; null for accounts of external providers. */
  passwordHash: string | null;
  locale: string | null;
  created: string;
}

/** Links a user to an OpenID provider account, keyed by (provider, subject), never by e-mail. */
export interface UserIdentitiesTable {
  id: string;
  userId: string;
  provider: string;
  subject: string;
  created: string;
}

export interface RolesTable {
  id: string;
  tenantId: string;
  /** Administrator | Author | Instructor | Learner, or a tenant's own role. */
  name: string;
}

export interface RolePermissionsTable {
  id: string;
  roleId: string;
  name: string;
  scopeId: string | null;
}

export interface UserRolesTable {
  userId: string;
  roleId: string;
}

export interface LicensedFeaturesTable {
  tenantId: string;
  /** e.g. LMS, Platform.Research, Platform.KnowledgeModels */
  feature: string;
}

export interface UnitsTable {
  id: string;
  tenantId: string;
  parentId: string | null;
  name: string;
}

export interface UnitMembershipsTable {
  unitId: string;
  userId: string;
  isPrimary: Flag;
}

/** Tenant settings and feature flags: `key` like `learner.dashboard`, `value` is JSON text. */
export interface SettingsTable {
  tenantId: string;
  key: string;
  value: string;
}

export interface TermsTable {
  id: string;
  tenantId: string;
  name: string;
  startDate: string | null;
  endDate: string | null;
}

export interface ShowcasesTable {
  id: string;
  tenantId: string;
  name: string;
  code: string;
  description: string | null;
  order: number;
}

export interface ShowcaseObjectivesTable {
  showcaseId: string;
  objectiveId: string;
}

export interface GradingScalesTable {
  id: string;
  tenantId: string;
  name: string;
  description: string | null;
  maxScore: number;
  normalizedPassingScore: number;
  passingGradeId: string | null;
}

export interface GradesTable {
  id: string;
  gradingScaleId: string;
  name: string;
  color: string;
  normalizedMinScore: number;
}

export interface ActivitiesTable {
  id: string;
  tenantId: string;
  /** 1 LTI 1.3, 2 public file, 3 private file, 4 LTI 1.1, 5 text, 6 composite, 7 video provider */
  type: number;
  /** 1 draft, 2 ready, 3 expired, 4 archived */
  state: number;
  name: string;
  code: string | null;
  description: string | null;
  /** Rich HTML content of a text activity. */
  content: string | null;
  imageUrl: string | null;
  supportReview: Flag;
  supportMobileView: Flag;
  /** Recommended duration in seconds. */
  duration: number | null;
  proctored: Flag;
  /** The LTI tool that proctors this activity (migration 0018); null when none is named. */
  proctoringToolId: Generated<string | null>;
  /** 0 tree, 1 tiles, 2 long read, 3 long read without activity names */
  presentationMode: number;
  /** 1 fullscreen, 2 embedded auto, 3 embedded custom */
  displayMode: number;
  maxScore: number;
  normalizedPassingScore: number | null;
  created: string;
}

/** An edge of an activity tree: a child activity inside a composite, with its constraints. */
export interface ActivityPartsTable {
  id: string;
  parentActivityId: string;
  childActivityId: string;
  order: number;
  optional: Flag;
  scoreWeight: number;
  /** 1 free, 2 previous parts must be completed first */
  gate: number;
  startFrom: string | null;
  startUntil: string | null;
  accessibleUntil: string | null;
  gracePeriodUntil: string | null;
  due: string | null;
  resultsDisclosureFrom: string | null;
  revealResultsFrom: string | null;
  resultsDisclosurePolicy: number | null;
  reviewPolicy: number | null;
  resultsDisclosureAbove: number | null;
}

export interface ObjectivesTable {
  id: string;
  tenantId: string;
  activityId: string;
  name: string;
  code: string | null;
  description: string | null;
  /** Sanitised-on-display rich HTML of the "About" section. */
  about: string | null;
  imageUrl: string | null;
  gradingScaleId: string | null;
  announcementChannelId: string | null;
  /** 1 draft, 2 active, 3 archived */
  status: number;
  /**
   * Listed in the tenant's public open catalog (when active and its root activity is ready or expired).
   * Generated: the column defaults to 0, so writers that predate the open catalog need not name it.
   */
  showInOpenCatalog: Generated<Flag>;
  created: string;
}

/** Enrolment: what a learner may see or take, with its terms. */
export interface ObjectiveAccessesTable {
  id: string;
  tenantId: string;
  objectiveId: string;
  userId: string;
  termId: string | null;
  isMandatory: Flag;
  showInCatalog: Flag;
  retake: Flag;
  availabilityDate: string | null;
  availabilityEndDate: string | null;
  dueDate: string | null;
  /** 0 none, 1 never, 2 after finish, 3 after date */
  gradeRevealPolicy: number;
  gradeRevealDate: string | null;
  created: string;
}

/** The learner's per-course state: self-enrolment and pointers to the latest attempt and result. */
export interface ObjectiveWorkflowAggregatesTable {
  id: string;
  tenantId: string;
  objectiveAccessId: string;
  objectiveId: string;
  userId: string;
  isSelfEnrolled: Flag;
  lastObjectiveWorkflowId: string | null;
  lastObjectiveRecordId: string | null;
  created: string;
  /** When the learner last opened the course (the dashboard's recent courses); null before that. */
  lastOpened: Generated<string | null>;
}

/**
 * Read model of the learner's course lists (docs/decisions/0013): one row per aggregate with the list's
 * sort keys and filter flags, rebuilt by modules/courses/learner-courses.ts in the writers' transactions.
 */
export interface LearnerCoursesTable {
  /** The aggregate's id. */
  id: string;
  tenantId: string;
  userId: string;
  objectiveId: string;
  objectiveAccessId: string;
  /** Shown by the course lists: not archived, and enrolled or offered in the catalog. */
  listed: Flag;
  enrolled: Flag;
  termId: string | null;
  isMandatory: Flag;
  showInCatalog: Flag;
  created: string;
  dueDate: string | null;
  availabilityDate: string | null;
  objectiveName: string;
  objectiveCode: string | null;
  objectiveDescription: string | null;
  activityState: number;
  activityType: number;
  isSelfEnrolled: Flag;
  lastObjectiveWorkflowId: string | null;
  workflowState: number | null;
  workflowStarted: string | null;
  lastObjectiveRecordId: string | null;
  recordFinished: string | null;
}

export interface ObjectiveWorkflowsTable {
  id: string;
  tenantId: string;
  objectiveWorkflowAggregateId: string;
  objectiveId: string;
  userId: string;
  /** 1 inProgress, 2 submitted, 3 inGrading, 4 graded, 5 gradingApproved, 6 finished */
  state: number;
  progress: number;
  score: number | null;
  created: string;
  started: string | null;
  submitted: string | null;
  graded: string | null;
  gradeApproved: string | null;
  finished: string | null;
  objectiveRecordId: string | null;
  protectResults: Flag;
}

export interface ObjectiveRecordsTable {
  id: string;
  tenantId: string;
  objectiveWorkflowAggregateId: string;
  objectiveId: string;
  userId: string;
  /** Null for results imported from another platform. */
  objectiveWorkflowId: string | null;
  score: number | null;
  maxScore: number | null;
  normalizedScore: number | null;
  gradeId: string | null;
  passed: Flag | null;
  progress: number;
  protectResults: Flag;
  created: string;
  started: string | null;
  submitted: string | null;
  finished: string | null;
}

export interface ActivityWorkflowsTable {
  id: string;
  tenantId: string;
  objectiveWorkflowId: string;
  activityId: string;
  /** Part ids from the root joined by "/"; empty for the root activity. */
  axis: string;
  parentActivityWorkflowId: string | null;
  state: number;
  progress: number;
  score: number | null;
  maxScore: number | null;
  created: string;
  started: string | null;
  submitted: string | null;
  finished: string | null;
  activityRecordId: string | null;
  lastProctoringSessionId: string | null;
}

/** A learner's proctoring session of one activity workflow (migration 0018, docs/decisions/0028). */
export interface ProctoringSessionsTable {
  id: string;
  tenantId: string;
  userId: string;
  objectiveWorkflowId: string;
  activityWorkflowId: string;
  activityId: string;
  /** The proctored activity's activityPathId. */
  axis: string;
  toolId: string;
  resourceLinkId: string | null;
  /** 1 created, 2 finished */
  state: number;
  attemptNumber: number;
  /** SHA-256 (hex) of the launch's session_data; the sealed value for LtiEndAssessment. */
  sessionDataHash: string | null;
  sessionDataSealed: string | null;
  /** SHA-256 (hex) of the single-use start token. */
  startTokenHash: string | null;
  startTokenExpires: string | null;
  startTokenUsed: string | null;
  assessmentStarted: string | null;
  finished: string | null;
  created: string;
}

export interface ActivityRecordsTable {
  id: string;
  tenantId: string;
  activityWorkflowId: string;
  activityId: string;
  userId: string;
  score: number | null;
  maxScore: number | null;
  normalizedScore: number | null;
  progress: number;
  passed: Flag | null;
  gradeId: string | null;
  created: string;
  started: string | null;
  finished: string | null;
}

export interface SessionsTable {
  id: string;
  userId: string;
  tenantId: string;
  provider: string;
  idToken: string | null;
  created: string;
  lastSeen: string;
  expires: string;
}

/** Durable commands of the asynchronous write protocol (DESIGN.md §5). */
export interface CommandsTable {
  /** The server's own key; the client's `id` is unique only per tenant and user (migration 0005). */
  internalId: string;
  /** The caller's command id (the protocol's `id`). */
  id: string;
  /** Command collection, e.g. start-objective-workflows. */
  type: string;
  tenantId: string;
  userId: string;
  payload: string;
  entityId: string | null;
  created: string;
  /** 0 pending, 1 completed, 2 failed, 3 canceled */
  state: number;
  errors: string | null;
  resultUrl: string | null;
  completed: string | null;
  claimedBy: string | null;
  claimedAt: string | null;
  attempts: number;
  /** The caller's locale; the command's refusals are written in it. */
  locale: string;
}

export interface AnalyticsEventsTable {
  id: string;
  tenantId: string | null;
  userId: string | null;
  name: string;
  payload: string;
  created: string;
  /** "user:{id}" or "device:{id}": whose data-lake session the event is in (migration 0010). */
  sessionKey: string | null;
  /** The data-lake session (lms.datalake.sessionDuration minutes of inactivity end one). */
  sessionId: string | null;
}

export type XapiOutboxState = 'pending' | 'delivered' | 'rejected';

/** An xAPI statement waiting for, or done with, its delivery to the LRS (migration 0010). */
export interface XapiOutboxTable {
  id: string;
  eventId: string;
  statement: string;
  state: XapiOutboxState;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lastError: string | null;
  claimedBy: string | null;
  claimedAt: string | null;
  created: string;
  deliveredAt: string | null;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

/** An e-mail waiting for, or done with, its delivery over SMTP (migration 0015). */
export interface MailOutboxTable {
  id: string;
  tenantId: string | null;
  toAddress: string;
  locale: string;
  template: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  status: MailStatus;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lastError: string | null;
  claimedBy: string | null;
  claimedAt: string | null;
  created: string;
  sentAt: string | null;
  /** JSON object of extra headers (List-Unsubscribe, migration 0016); null when none. */
  headers: string | null;
}

/** A question of a course module's bank, mailed to opted-in learners (migration 0016). */
export interface KnowledgeQuestionsTable {
  id: string;
  tenantId: string;
  objectiveId: string;
  activityId: string;
  activityPathId: string;
  kind: 'choice' | 'text';
  prompt: string;
  /** JSON [{id, text}] */
  choices: string;
  /** JSON array of the correct choice ids or the accepted texts. */
  correct: string;
  explanation: string | null;
  locale: string;
  ord: Generated<number>;
  created: string;
}

/** A learner's opt-in to a course's questions by e-mail (migration 0016). */
export interface KnowledgeQuestionSubscriptionsTable {
  id: string;
  tenantId: string;
  userId: string;
  objectiveId: string;
  optedIn: Flag;
  unsubscribedAt: string | null;
  created: string;
}

/** One question mailed to one learner, and its answer, recorded once (migration 0016). */
export interface KnowledgeQuestionDeliveriesTable {
  id: string;
  tenantId: string;
  userId: string;
  questionId: string;
  sentAt: string;
  box: number;
  dueNext: string | null;
  answeredAt: string | null;
  answer: string | null;
  correct: Flag | null;
}

/** A password-reset link of the built-in provider: the SHA-256 of its token, single use (migration 0015). */
export interface PasswordResetTokensTable {
  id: string;
  userId: string;
  created: string;
  expires: string;
  usedAt: string | null;
}

/**
 * A self-registration waiting for its e-mail confirmation (migration 0017): the SHA-256 of the link's token, the
 * account to create when it is used (single use, 24 hours).
 */
export interface PendingRegistrationsTable {
  id: string;
  tenantId: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  redirectUrl: string | null;
  created: string;
  expires: string;
}

/** Product feedback from the shell's widget (migration 0008). */
export interface ProductFeedbackTable {
  id: string;
  tenantId: string;
  userId: string;
  grade: number;
  /** JSON array of struggle codes. */
  details: string;
  comment: string;
  locale: string;
  os: string;
  browser: string;
  appVersion: string;
  isMobile: number;
  created: string;
}

/** A learner's secret calendar feed (migration 0008): the hash of the token in the feed's address. */
export interface CalendarFeedsTable {
  userId: string;
  tenantId: string;
  tokenHash: string;
  created: string;
}

/** Storage of the built-in OpenID provider (sessions, grants, codes, interactions). */
export interface OidcPayloadsTable {
  id: string;
  model: string;
  payload: string;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: string | null;
  consumedAt: string | null;
}

/** One-time transactions of the relying party (state, nonce, PKCE verifier) and key material. */
export interface OidcTransactionsTable {
  id: string;
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUrl: string;
  created: string;
  expires: string;
}

/** Consecutive failed sign-ins per login text, whether or not an account has it (no enumeration). */
export interface SignInThrottlesTable {
  /** The login as typed, trimmed and lower-cased. */
  login: string;
  failures: number;
  lastFailure: string;
  /** No password is checked for this login before this time. */
  blockedUntil: string | null;
}

export interface KeyValuesTable {
  key: string;
  value: string;
}

/** A registered LTI tool (docs/decisions/0008). JSON arrays are stored as text. */
export interface LtiToolsTable {
  id: string;
  tenantId: string;
  name: string;
  /** 1 LTI 1.1, 3 LTI 1.3 */
  ltiVersion: number;
  enabled: Flag;
  clientId: string | null;
  /** JSON string[] */
  deploymentIds: string;
  loginUrl: string | null;
  /** JSON string[] */
  redirectUris: string;
  jwksUrl: string | null;
  /** JSON JWK */
  publicJwk: string | null;
  /** JSON string[] */
  allowedScopes: string;
  targetLinkUri: string;
  /** anonymous | name | email */
  privacyLevel: string;
  consumerKey: string | null;
  /** AES-256-GCM sealed (modules/lti/secret-box.ts) */
  secretEncrypted: string | null;
  /** 1: may proctor activities (LTI Proctoring Services; migration 0018). */
  proctoring: Generated<Flag>;
  created: string;
}
export interface LtiActivityResourcesTable {
  activityId: string;
  toolId: string;
  targetLinkUri: string | null;
  /** JSON Record<string, string> */
  custom: string;
  preferredWidth: number | null;
  preferredHeight: number | null;
}
export interface LtiResourceLinksTable {
  id: string;
  tenantId: string;
  toolId: string;
  objectiveId: string;
  activityId: string;
  axis: string;
  created: string;
}
export interface LtiLineItemsTable {
  id: string;
  toolId: string;
  objectiveId: string;
  resourceLinkId: string | null;
  label: string;
  scoreMaximum: number;
  resourceId: string | null;
  tag: string | null;
  startDateTime: string | null;
  endDateTime: string | null;
  created: string;
}
export interface LtiResultsTable {
  id: string;
  lineItemId: string;
  userId: string;
  scoreGiven: number | null;
  scoreMaximum: number | null;
  activityProgress: string;
  gradingProgress: string;
  comment: string | null;
  timestamp: string;
  updated: string;
}
export interface LtiLaunchesTable {
  /** SHA-256 (hex) of the lti_message_hint; the hint itself is never stored. */
  hintHash: string;
  tenantId: string;
  toolId: string;
  userId: string;
  resourceLinkId: string;
  objectiveWorkflowId: string;
  activityWorkflowId: string;
  loginHint: string;
  /** SHA-256 (hex) of the launching browser's binding cookie. */
  bindingHash: string;
  targetLinkUri: string;
  /** iframe | window */
  documentTarget: string;
  returnUrl: string;
  locale: string | null;
  expires: string;
  /** When the hint was consumed; null while pending. */
  used: string | null;
  created: string;
  /** null: LtiResourceLinkRequest; else LtiStartProctoring or LtiEndAssessment (migration 0018). */
  messageType: Generated<string | null>;
  proctoringSessionId: Generated<string | null>;
}
export interface LtiSubjectsTable {
  toolId: string;
  userId: string;
  sub: string;
}
export interface LtiOutcomeSourcesTable {
  sourcedid: string;
  toolId: string;
  resourceLinkId: string;
  userId: string;
  created: string;
}
export interface LtiAccessTokensTable {
  /** SHA-256 (hex) of the bearer token. */
  tokenHash: string;
  toolId: string;
  /** Space-separated granted scopes. */
  scopes: string;
  expires: string;
}
export interface LtiNoncesTable {
  key: string;
  expires: string;
}
export interface LtiPlatformKeysTable {
  kid: string;
  /** next | current | previous | retired */
  status: string;
  /** JSON public JWK (kty, n, e, kid, alg, use) */
  publicJwk: string;
  /** AES-256-GCM sealed private JWK */
  privateJwkEncrypted: string;
  created: string;
  rotated: string | null;
}

/** A tenant's certificate design (internal) or link to another credential system (external). */
export interface CertificateTemplatesTable {
  id: string;
  tenantId: string;
  name: string;
  /** internal | external */
  kind: string;
  /** classic | modern */
  layout: string;
  primaryColor: string;
  accentColor: string;
  logoSvg: string | null;
  signatoryName: string | null;
  signatoryTitle: string | null;
  /** learner | course: whose language the certificate's texts are in */
  textLanguage: string;
  /** External templates: URL with `{certificateNumber}` replaced per certificate. */
  externalUrl: string | null;
  created: string;
}

/** The certificate a course issues on passing, and for how many days it is valid (null: forever). */
export interface ObjectiveCertificateSettingsTable {
  objectiveId: string;
  certificateTemplateId: string;
  validityDays: number | null;
  courseLanguage: string | null;
}

/** An issued certificate: one per passed attempt, with what it says frozen at issuance. */
export interface CertificateRecordsTable {
  id: string;
  tenantId: string;
  certificateNumber: string;
  certificateTemplateId: string;
  objectiveId: string;
  userId: string;
  objectiveRecordId: string;
  objectiveWorkflowId: string;
  normalizedPassingScore: number | null;
  score: number | null;
  maxScore: number | null;
  holderName: string;
  objectiveName: string;
  objectiveCode: string | null;
  issuerName: string;
  language: string;
  created: string;
  expirationDate: string | null;
  revoked: string | null;
  revokedReason: string | null;
  revokedBy: string | null;
}

/** A tenant's ES256 key that signs its certificates as verifiable credentials. */
export interface CertificateSigningKeysTable {
  tenantId: string;
  kid: string;
  /** JSON public JWK */
  publicJwk: string;
  /** AES-256-GCM sealed private JWK */
  privateJwkEncrypted: string;
  created: string;
}

/** A certificate's rendered file, generated once. */
export interface CertificateFilesTable {
  certificateRecordId: string;
  /** pdf | png */
  kind: string;
  content: Buffer;
  created: string;
}

/** A tenant's promo banner on the learner dashboard (docs/decisions/0019). */
export interface PromoBannersTable {
  id: string;
  tenantId: string;
  title: string;
  text: string;
  imageUrl: string | null;
  imageAlt: Generated<string>;
  linkUrl: string | null;
  linkLabel: string | null;
  startsAt: string;
  endsAt: string | null;
  sortOrder: Generated<number>;
  created: string;
}

/** The units whose members see a banner; none means every learner of the tenant. */
export interface PromoBannerUnitsTable {
  bannerId: string;
  unitId: string;
}

/**
 * A communication channel of a course (docs/decisions/0022, 0023): its announcement channel, its discussion
 * channel, or the direct channel of one learner (`learnerId`) with the course staff.
 */
export interface ChannelsTable {
  id: string;
  tenantId: string;
  kind: 'announcement' | 'discussion' | 'direct';
  objectiveId: string | null;
  /** The learner of a `direct` channel; null for the other kinds. */
  learnerId: string | null;
  created: string;
}

/**
 * A message of a channel: normalised text in the formatting subset (domain message-format.ts); a deleted
 * message keeps its row with an empty body.
 */
export interface ChannelMessagesTable {
  id: string;
  tenantId: string;
  channelId: string;
  authorId: string;
  body: string;
  created: string;
  edited: string | null;
  deleted: string | null;
}

/** Append-only log of message changes; `seq` is the live stream's event id (Last-Event-ID catch-up). */
export interface ChannelEventsTable {
  seq: Generated<number>;
  tenantId: string;
  channelId: string;
  messageId: string;
  type: 'created' | 'edited' | 'deleted';
  created: string;
}

/** How far a user has read a channel: the newest message read, by (created, id). */
/** A user's reaction (one allow-listed emoji) to a message (docs/decisions/0023). */
export interface ChannelMessageReactionsTable {
  messageId: string;
  userId: string;
  emoji: string;
  created: string;
}

export interface ChannelReadMarkersTable {
  userId: string;
  channelId: string;
  lastReadCreated: string;
  lastReadMessageId: string;
  updated: string;
}

/** A course's tutor knowledge model (migration 0011): rebuilt from the course's content on demand. */
export interface TutorKnowledgeModelsTable {
  id: string;
  tenantId: string;
  objectiveId: string;
  built: string;
}

/** A passage of a knowledge model; PostgreSQL also has `search` (tsvector), SQLite the FTS5 table. */
export interface TutorPassagesTable {
  id: string;
  knowledgeModelId: string;
  /** null for the course's About. */
  activityId: string | null;
  axis: string | null;
  title: string;
  text: string;
  ord: number;
}

/** A learner's question to the tutor and the passages answered (JSON). */
export interface TutorQuestionsTable {
  id: string;
  tenantId: string;
  userId: string;
  knowledgeModelId: string;
  question: string;
  passages: string;
  /** The generative tutor's answer, JSON (migration 0014); null for retrieval answers. */
  generation: string | null;
  cleared: Generated<number>;
  created: string;
}

export interface Database {
  tenants: TenantsTable;
  users: UsersTable;
  userIdentities: UserIdentitiesTable;
  roles: RolesTable;
  rolePermissions: RolePermissionsTable;
  userRoles: UserRolesTable;
  licensedFeatures: LicensedFeaturesTable;
  units: UnitsTable;
  unitMemberships: UnitMembershipsTable;
  settings: SettingsTable;
  terms: TermsTable;
  showcases: ShowcasesTable;
  showcaseObjectives: ShowcaseObjectivesTable;
  gradingScales: GradingScalesTable;
  grades: GradesTable;
  activities: ActivitiesTable;
  activityParts: ActivityPartsTable;
  objectives: ObjectivesTable;
  objectiveAccesses: ObjectiveAccessesTable;
  objectiveWorkflowAggregates: ObjectiveWorkflowAggregatesTable;
  objectiveWorkflows: ObjectiveWorkflowsTable;
  learnerCourses: LearnerCoursesTable;
  promoBanners: PromoBannersTable;
  promoBannerUnits: PromoBannerUnitsTable;
  objectiveRecords: ObjectiveRecordsTable;
  activityWorkflows: ActivityWorkflowsTable;
  activityRecords: ActivityRecordsTable;
  proctoringSessions: ProctoringSessionsTable;
  sessions: SessionsTable;
  commands: CommandsTable;
  signInThrottles: SignInThrottlesTable;
  analyticsEvents: AnalyticsEventsTable;
  xapiOutbox: XapiOutboxTable;
  mailOutbox: MailOutboxTable;
  knowledgeQuestions: KnowledgeQuestionsTable;
  knowledgeQuestionSubscriptions: KnowledgeQuestionSubscriptionsTable;
  knowledgeQuestionDeliveries: KnowledgeQuestionDeliveriesTable;
  passwordResetTokens: PasswordResetTokensTable;
  pendingRegistrations: PendingRegistrationsTable;
  productFeedback: ProductFeedbackTable;
  calendarFeeds: CalendarFeedsTable;
  oidcPayloads: OidcPayloadsTable;
  oidcTransactions: OidcTransactionsTable;
  keyValues: KeyValuesTable;
  ltiTools: LtiToolsTable;
  ltiActivityResources: LtiActivityResourcesTable;
  ltiResourceLinks: LtiResourceLinksTable;
  ltiLineItems: LtiLineItemsTable;
  ltiResults: LtiResultsTable;
  ltiLaunches: LtiLaunchesTable;
  ltiSubjects: LtiSubjectsTable;
  ltiOutcomeSources: LtiOutcomeSourcesTable;
  ltiAccessTokens: LtiAccessTokensTable;
  ltiNonces: LtiNoncesTable;
  ltiPlatformKeys: LtiPlatformKeysTable;
  certificateTemplates: CertificateTemplatesTable;
  objectiveCertificateSettings: ObjectiveCertificateSettingsTable;
  certificateRecords: CertificateRecordsTable;
  certificateFiles: CertificateFilesTable;
  certificateSigningKeys: CertificateSigningKeysTable;
  channels: ChannelsTable;
  channelMessages: ChannelMessagesTable;
  channelEvents: ChannelEventsTable;
  channelReadMarkers: ChannelReadMarkersTable;
  channelMessageReactions: ChannelMessageReactionsTable;
  tutorKnowledgeModels: TutorKnowledgeModelsTable;
  tutorPassages: TutorPassagesTable;
  tutorQuestions: TutorQuestionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type CommandRow = Selectable<CommandsTable>;
export type CommandUpdate = Updateable<CommandsTable>;
export type SessionRow = Selectable<SessionsTable>;
