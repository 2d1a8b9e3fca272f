// Generates a large tenant for benchmarks: 100,000 users with 5 enrolments each, 2,000 courses,
// and the benchmark learner bench@example.com with 1,000 enrolments in mixed states.
// Usage: DATABASE_URL=postgres://… or SQLITE_FILE=… npm run bench:generate
import { sql, type Insertable, type Kysely } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { createDatabase, migrateToLatest } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/password.ts';
import { createTenant } from '../src/modules/identity/identity.repository.ts';
import { refreshLearnerCourses } from '../src/modules/courses/learner-courses.ts';
import { insertGradingScale } from '../src/seed/course-records.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const OBJECTIVES = 2_000;
const ACCESSES_PER_USER = 5;
const BENCH_ENROLMENTS = 1_000;
const BATCH_ROWS = 500;
const ROWS_PER_TRANSACTION = 20_000;
export const BENCH_EMAIL = 'bench@example.com';
export const BENCH_TENANT_NAME = 'Benchmark tenant';

type Db = Kysely<Database>;
type Table = keyof Database;

/** Parents before children, so foreign keys hold within every transaction. */
const TABLE_ORDER: Table[] = [
  'activities',
  'activityParts',
  'objectives',
  'showcaseObjectives',
  'users',
  'userRoles',
  'objectiveAccesses',
  'objectiveWorkflowAggregates',
  'objectiveWorkflows',
  'objectiveRecords',
];

/** Deterministic pseudo-random numbers, so two runs produce the same shape of data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Buffers rows per table and writes them as multi-row inserts, many batches per transaction. */
function createBulkWriter(db: Db) {
  const pending = new Map<Table, object[]>();
  let buffered = 0;
  let written = 0;
  async function flush(): Promise<void> {
    if (buffered === 0) return;
    const tables = [...pending.entries()].sort(
      ([a], [b]) => TABLE_ORDER.indexOf(a) - TABLE_ORDER.indexOf(b),
    );
    pending.clear();
    buffered = 0;
    await db.transaction().execute(async (tx) => {
      for (const [table, rows] of tables) {
        for (let i = 0; i < rows.length; i += BATCH_ROWS) {
          await tx
            .insertInto(table)
            .values(rows.slice(i, i + BATCH_ROWS) as Insertable<Database[typeof table]>[])
            .execute();
          written += Math.min(BATCH_ROWS, rows.length - i);
        }
      }
    });
  }
  return {
    async add<T extends Table>(table: T, row: Insertable<Database[T]>): Promise<void> {
      if (!pending.has(table)) pending.set(table, []);
      pending.get(table)!.push(row);
      buffered += 1;
      if (buffered >= ROWS_PER_TRANSACTION) await flush();
    },
    flush,
    get written() {
      return written;
    },
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = createDatabase(config.database);
  const started = performance.now();
  const lap = (label: string) =>
    console.log(`${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    await migrateToLatest(database);
    const db = database.db;
    // Generated data can be regenerated: skip the per-commit fsync that protects real data.
    if (database.dialect === 'sqlite') await sql`pragma synchronous = off`.execute(db);
    const now = Date.now();
    const at = (days: number) => new Date(now + days * 86_400_000).toISOString();
    const created = at(-90);
    const rand = random(20260101);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

    const { id: tenantId, roleIds } = await createTenant(db, {
      name: BENCH_TENANT_NAME,
      domain: `bench-${now}.invalid`,
      created,
    });
    const termIds = await Promise.all(
      ['Autumn 2025', 'Spring 2026', 'Autumn 2026', 'Spring 2027'].map(async (name) => {
        const id = newId();
        await db
          .insertInto('terms')
          .values({ id, tenantId, name, startDate: null, endDate: null })
          .execute();
        return id;
      }),
    );
    const showcaseIds: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const id = newId();
      showcaseIds.push(id);
      await db
        .insertInto('showcases')
        .values({
          id,
          tenantId,
          name: `Collection ${i + 1}`,
          code: `collection-${i + 1}`,
          description: null,
          order: i,
        })
        .execute();
    }
    const scale = await insertGradingScale(db, {
      tenantId,
      name: 'A–F',
      grades: [
        { name: 'F', color: '#C92A2A', normalizedMinScore: 0 },
        { name: 'C', color: '#E67700', normalizedMinScore: 0.6, passing: true },
        { name: 'A', color: '#2B8A3E', normalizedMinScore: 0.8 },
      ],
    });
    const gradeFor = (score: number) =>
      scale.gradeIds[score >= 0.8 ? 'A' : score >= 0.6 ? 'C' : 'F'] ?? null;
    lap('tenant, terms, showcases, grading scale');

    const writer = createBulkWriter(db);
    const topics = [
      'Data',
      'Leadership',
      'Safety',
      'Cloud',
      'Finance',
      'Spanish',
      'Design',
      'Security',
      'Sales',
      'Python',
    ];
    const levels = ['Foundations', 'Essentials', 'in Practice', 'Advanced', 'Masterclass'];
    const objectiveIds: string[] = [];
    for (let i = 0; i < OBJECTIVES; i += 1) {
      const activityId = newId();
      const objectiveId = newId();
      objectiveIds.push(objectiveId);
      const name = `${pick(topics)} ${pick(levels)} ${i + 1}`;
      const state = i % 200 === 0 ? 4 : i % 97 === 0 ? 1 : 2;
      await writer.add(
        'activities',
        activityRow(activityId, tenantId, 6, state, name, created, i % 3 === 0 ? 1 : 0),
      );
      for (let part = 0; part < 3; part += 1) {
        const childId = newId();
        await writer.add(
          'activities',
          activityRow(childId, tenantId, 5, 2, `${name}: part ${part + 1}`, created, 0),
        );
        await writer.add('activityParts', {
          id: newId(),
          parentActivityId: activityId,
          childActivityId: childId,
          order: part + 1,
          optional: 0,
          scoreWeight: 1,
          gate: 1,
        });
      }
      await writer.add('objectives', {
        id: objectiveId,
        tenantId,
        activityId,
        name,
        code: `C-${String(i + 1).padStart(4, '0')}`,
        description: `A course about ${name.toLowerCase()}, with exercises and a final assessment.`,
        about: null,
        imageUrl: null,
        gradingScaleId: scale.id,
        announcementChannelId: null,
        status: 2,
        created,
      });
      const showcaseCount = i % 5 === 0 ? 0 : 1 + (i % 2);
      for (let s = 0; s < showcaseCount; s += 1) {
        await writer.add('showcaseObjectives', {
          showcaseId: showcaseIds[(i + s * 7) % showcaseIds.length]!,
          objectiveId,
        });
      }
    }
    await writer.flush();
    lap(`${OBJECTIVES} courses with 3 parts each`);

    const sharedHash = await hashPassword('Bench123!');
    let workflows = 0;
    let records = 0;

    /** One enrolment; `kind` picks the state so that the data holds every case of the list. */
    async function enrol(
      userId: string,
      objectiveId: string,
      kind: number,
      termId: string | null,
    ): Promise<void> {
      const accessId = newId();
      const aggregateId = newId();
      const owner = { tenantId, userId, objectiveId };
      const hasWorkflow = kind >= 2 && kind <= 6;
      const hasRecord = kind >= 5 && kind <= 7;
      const workflowId = hasWorkflow ? newId() : null;
      const recordId = hasRecord ? newId() : null;
      await writer.add('objectiveAccesses', {
        ...owner,
        id: accessId,
        termId,
        isMandatory: kind === 0 ? 1 : 0,
        showInCatalog: kind === 8 ? 1 : 0,
        retake: 0,
        availabilityDate: null,
        availabilityEndDate: null,
        dueDate: kind === 0 ? at(30) : null,
        gradeRevealPolicy: kind === 6 ? 1 : 2,
        gradeRevealDate: null,
        created,
      });
      await writer.add('objectiveWorkflowAggregates', {
        ...owner,
        id: aggregateId,
        objectiveAccessId: accessId,
        isSelfEnrolled: kind === 1 || kind === 2 ? 1 : 0,
        lastObjectiveWorkflowId: workflowId,
        lastObjectiveRecordId: recordId,
        created,
      });
      const score = hasRecord ? Math.round(rand() * 100) / 100 : null;
      if (workflowId) {
        workflows += 1;
        // kind 2 in progress, 3 submitted, 4 in grading, 5 finished, 6 finished with hidden grades
        const state = kind === 2 ? 1 : kind === 3 ? 2 : kind === 4 ? 3 : 6;
        await writer.add('objectiveWorkflows', {
          ...owner,
          id: workflowId,
          objectiveWorkflowAggregateId: aggregateId,
          state,
          progress: state === 1 ? Math.round(rand() * 100) / 100 : 1,
          score,
          created: at(-20),
          started: at(-20),
          submitted: state >= 2 ? at(-10) : null,
          graded: state === 6 ? at(-5) : null,
          gradeApproved: null,
          finished: state === 6 ? at(-5) : null,
          objectiveRecordId: recordId,
          protectResults: 0,
        });
      }
      if (recordId) {
        records += 1;
        await writer.add('objectiveRecords', {
          ...owner,
          id: recordId,
          objectiveWorkflowAggregateId: aggregateId,
          objectiveWorkflowId: workflowId,
          score,
          maxScore: 1,
          normalizedScore: score,
          gradeId: score === null ? null : gradeFor(score),
          passed: score !== null && score >= 0.6 ? 1 : 0,
          progress: 1,
          protectResults: 0,
          created: at(-5),
          started: at(-20),
          submitted: at(-10),
          finished: at(-5),
        });
      }
    }

    for (let u = 0; u < USERS; u += 1) {
      const userId = newId();
      const email = `user${u + 1}@bench.example.com`;
      await writer.add('users', {
        id: userId,
        tenantId,
        email,
        username: email,
        firstName: 'Bench',
        middleName: null,
        lastName: `User ${u + 1}`,
        timezone: null,
        externalId: null,
        departmentName: null,
        status: 'Active',
        passwordHash: sharedHash,
        locale: null,
        created,
      });
      await writer.add('userRoles', { userId, roleId: roleIds.Learner! });
      const first = Math.floor(rand() * OBJECTIVES);
      for (let a = 0; a < ACCESSES_PER_USER; a += 1) {
        // Consecutive courses from a random start: distinct per user, spread over the catalogue.
        const objectiveId = objectiveIds[(first + a * 37) % OBJECTIVES]!;
        await enrol(
          userId,
          objectiveId,
          Math.floor(rand() * 9),
          rand() < 0.5 ? pick(termIds) : null,
        );
      }
      if ((u + 1) % 20_000 === 0) lap(`${u + 1} users`);
    }
    await writer.flush();
    lap(`${USERS} users with ${ACCESSES_PER_USER} enrolments each`);

    const benchUserId = newId();
    await writer.add('users', {
      id: benchUserId,
      tenantId,
      email: BENCH_EMAIL,
      username: BENCH_EMAIL,
      firstName: 'Bench',
      middleName: null,
      lastName: 'Learner',
      timezone: null,
      externalId: null,
      departmentName: null,
      status: 'Active',
      passwordHash: sharedHash,
      locale: null,
      created,
    });
    await writer.add('userRoles', { userId: benchUserId, roleId: roleIds.Learner! });
    // 1,000 enrolments in the eight enrolled states (over live courses), plus 100 catalog-only offers.
    const liveObjectives = objectiveIds.filter((_, i) => i % 200 !== 0);
    for (let e = 0; e < BENCH_ENROLMENTS + 100; e += 1) {
      const kind = e < BENCH_ENROLMENTS ? e % 8 : 8;
      await enrol(
        benchUserId,
        liveObjectives[e]!,
        kind,
        e % 3 === 0 ? null : termIds[e % termIds.length]!,
      );
    }
    await writer.flush();
    lap(`bench learner with ${BENCH_ENROLMENTS} enrolments`);
    // The bulk writer bypasses the per-enrolment refresh: the tenant's list read model is built in one pass.
    await db.transaction().execute((tx) => refreshLearnerCourses(tx, { tenantId }));
    lap('learner list read model');
    console.log(`rows written: ${writer.written}; workflows ${workflows}; records ${records}`);
    console.log(
      `tenant ${tenantId}; bench learner ${BENCH_EMAIL} (${benchUserId}), password Bench123!`,
    );
  } finally {
    await database.close();
  }
}

function activityRow(
  id: string,
  tenantId: string,
  type: number,
  state: number,
  name: string,
  created: string,
  tiles: number,
) {
  return {
    id,
    tenantId,
    type,
    state,
    name,
    code: null,
    description: null,
    content: type === 5 ? `<p>${name}</p>` : null,
    imageUrl: null,
    supportReview: 1 as const,
    supportMobileView: 1 as const,
    duration: 900,
    proctored: 0 as const,
    presentationMode: tiles,
    displayMode: 2,
    maxScore: 1,
    normalizedPassingScore: null,
    created,
  };
}

await main();
