// SQL of the tutor: building a course's knowledge model (passages and their full-text index, FTS5 on SQLite,
// tsvector on PostgreSQL) and searching it, and the learners' questions (history and daily count).
import { sql, type Kysely } from 'kysely';
import { ActivityType } from '@portal/contracts';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { nameBasedId, newId } from '../../lib/ids.ts';
import { createWorkflowsRepository } from '../workflows/workflows.repository.ts';
import { htmlPassages, textPassages } from './passages.ts';
import { pdfLinks, webAppPdfReader, type PdfTextReader } from './pdf-text.ts';
import { resolve } from 'node:path';
import { defaultWebDist } from '../../http/spa.routes.ts';

/** Namespace of the knowledge models' name-based ids: one model per course, the same id on every rebuild. */
const KNOWLEDGE_MODEL_NAMESPACE = '5d0f3f7e-6a43-4a56-9d1c-1f6e3c2b7a10';

export const knowledgeModelIdOf = (objectiveId: string): string =>
  nameBasedId(KNOWLEDGE_MODEL_NAMESPACE, objectiveId);

export interface PassageHit {
  id: string;
  activityId: string | null;
  axis: string | null;
  title: string;
  text: string;
}

export interface NewPassage {
  activityId: string | null;
  axis: string | null;
  title: string;
  text: string;
}

/**
 * The course's passages: the About first, then every text activity in the order of the course tree; each
 * followed by the text of the portal-served PDFs it links or embeds (when a reader is given), linked to it.
 */
export async function coursePassages(
  db: Kysely<Database>,
  dialect: DialectName,
  objective: { name: string; about: string | null; activityId: string },
  readPdf?: PdfTextReader,
): Promise<NewPassage[]> {
  const pdfTexts = new Map<string, string | null>();
  const withPdfs = async (html: string, source: Omit<NewPassage, 'text'>) => {
    const found: NewPassage[] = htmlPassages(html).map((text) => ({ ...source, text }));
    if (!readPdf) return found;
    for (const link of pdfLinks(html)) {
      if (!pdfTexts.has(link.path)) pdfTexts.set(link.path, await readPdf(link.path));
      const text = pdfTexts.get(link.path);
      if (!text) continue;
      const title = link.label === '' ? source.title : `${source.title}: ${link.label}`;
      for (const passage of textPassages(text)) found.push({ ...source, title, text: passage });
    }
    return found;
  };
  const passages: NewPassage[] = await withPdfs(objective.about ?? '', {
    activityId: null,
    axis: null,
    title: objective.name,
  });
  const { activities, parts } = await createWorkflowsRepository(db, dialect).loadTree(
    objective.activityId,
  );
  const byId = new Map(activities.map((activity) => [activity.id, activity]));
  const visit = async (parentId: string, parentAxis: string, depth: number) => {
    if (depth > 32) return;
    for (const part of parts.filter((p) => p.parentActivityId === parentId)) {
      const axis = parentAxis === '' ? part.id : `${parentAxis}/${part.id}`;
      const activity = byId.get(part.childActivityId);
      if (!activity) continue;
      if (activity.type === ActivityType.text && activity.content) {
        passages.push(
          ...(await withPdfs(activity.content, {
            activityId: activity.id,
            axis,
            title: activity.name,
          })),
        );
      }
      await visit(activity.id, axis, depth + 1);
    }
  };
  await visit(objective.activityId, '', 0);
  return passages;
}

const webPublic = resolve(import.meta.dirname, '../../../../web/public');
const builtReader = webAppPdfReader(defaultWebDist());
const publicReader = webAppPdfReader(webPublic);

/** The built web app's PDFs, else the web app's public folder (a checkout that was not built). */
const defaultPdfReader: PdfTextReader = async (path) =>
  (await builtReader(path)) ?? (await publicReader(path));

/** The PDFs under the configured web app folder, else the defaults. */
export function portalPdfReader(webDist: string | undefined): PdfTextReader {
  if (webDist === undefined) return defaultPdfReader;
  const configured = webAppPdfReader(webDist);
  return async (path) => (await configured(path)) ?? (await defaultPdfReader(path));
}

export type TutorRepository = ReturnType<typeof createTutorRepository>;

/**
 * `readPdf` reads the text of the portal-served PDFs the content links (default: the web app's built files,
 * then its public folder — what /learn/ serves).
 */
export function createTutorRepository(
  db: Kysely<Database>,
  dialect: DialectName,
  readPdf: PdfTextReader = defaultPdfReader,
) {
  return {
    /** The course of the caller's enrolment aggregate, or undefined when the aggregate is not theirs. */
    async findAggregateObjective(
      caller: { tenantId: string; userId: string },
      aggregateId: string,
    ): Promise<string | undefined> {
      const row = await db
        .selectFrom('objectiveWorkflowAggregates')
        .select('objectiveId')
        .where('id', '=', aggregateId)
        .where('userId', '=', caller.userId)
        .where('tenantId', '=', caller.tenantId)
        .executeTakeFirst();
      return row?.objectiveId;
    },

    /** Whether the caller has an enrolment aggregate of the course. */
    async hasAggregateOf(
      caller: { tenantId: string; userId: string },
      objectiveId: string,
    ): Promise<boolean> {
      const row = await db
        .selectFrom('objectiveWorkflowAggregates')
        .select('id')
        .where('objectiveId', '=', objectiveId)
        .where('userId', '=', caller.userId)
        .where('tenantId', '=', caller.tenantId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async findModel(tenantId: string, knowledgeModelId: string) {
      return db
        .selectFrom('tutorKnowledgeModels')
        .select(['id', 'objectiveId', 'built'])
        .where('id', '=', knowledgeModelId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
    },

    /**
     * Replaces the course's knowledge model with passages cut from its current content, in one transaction
     * (the caller's when `db` is one). Returns the model id and the number of passages.
     */
    async rebuild(
      tenantId: string,
      objectiveId: string,
      built: string,
    ): Promise<{ knowledgeModelId: string; passages: number } | null> {
      const run = async (tx: Kysely<Database>) => {
        const objective = await tx
          .selectFrom('objectives')
          .select(['id', 'name', 'about', 'activityId'])
          .where('id', '=', objectiveId)
          .where('tenantId', '=', tenantId)
          .executeTakeFirst();
        if (!objective) return null;
        const knowledgeModelId = knowledgeModelIdOf(objectiveId);
        // Two rebuilds of one course on PostgreSQL run one after the other (SQLite has one writer anyway).
        if (dialect === 'postgres')
          await sql`SELECT pg_advisory_xact_lock(hashtext(${knowledgeModelId}))`.execute(tx);
        const passages = await coursePassages(tx, dialect, objective, readPdf);
        if (dialect === 'sqlite') {
          await sql`DELETE FROM tutor_passages_fts WHERE knowledge_model_id = ${knowledgeModelId}`.execute(
            tx,
          );
        }
        await tx
          .deleteFrom('tutorPassages')
          .where('knowledgeModelId', '=', knowledgeModelId)
          .execute();
        await tx
          .insertInto('tutorKnowledgeModels')
          .values({ id: knowledgeModelId, tenantId, objectiveId, built })
          .onConflict((oc) => oc.column('id').doUpdateSet({ built }))
          .execute();
        for (const [ord, passage] of passages.entries()) {
          const id = newId();
          await tx
            .insertInto('tutorPassages')
            .values({ id, knowledgeModelId, ord, ...passage })
            .execute();
          if (dialect === 'postgres') {
            await sql`UPDATE tutor_passages
              SET search = setweight(to_tsvector('simple', title), 'A') || to_tsvector('simple', text)
              WHERE id = ${id}`.execute(tx);
          } else {
            await sql`INSERT INTO tutor_passages_fts (title, text, passage_id, knowledge_model_id)
              VALUES (${passage.title}, ${passage.text}, ${id}, ${knowledgeModelId})`.execute(tx);
          }
        }
        return { knowledgeModelId, passages: passages.length };
      };
      return db.isTransaction ? run(db) : db.transaction().execute(run);
    },

    /** The tenant's courses (ids), for rebuilding every knowledge model. */
    async objectiveIds(tenantId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('objectives')
        .select('id')
        .where('tenantId', '=', tenantId)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * The passages of the model matching any of the terms, best first, restricted to the About and to the
     * given axes (the activities the learner may open). Terms are letters and digits only (questionTerms).
     */
    async search(
      knowledgeModelId: string,
      terms: string[],
      openableAxes: string[],
      limit: number,
    ): Promise<PassageHit[]> {
      if (terms.length === 0) return [];
      const allowed = (column: string) =>
        openableAxes.length === 0
          ? sql`${sql.ref(column)} IS NULL`
          : sql`(${sql.ref(column)} IS NULL OR ${sql.ref(column)} IN (${sql.join(openableAxes)}))`;
      if (dialect === 'postgres') {
        const query = terms.join(' | ');
        const result = await sql<PassageHit>`
          SELECT p.id, p.activity_id AS "activityId", p.axis, p.title, p.text
          FROM tutor_passages p
          WHERE p.knowledge_model_id = ${knowledgeModelId}
            AND p.search @@ to_tsquery('simple', ${query})
            AND ${allowed('p.axis')}
          ORDER BY ts_rank(p.search, to_tsquery('simple', ${query})) DESC, p.ord
          LIMIT ${limit}`.execute(db);
        return result.rows;
      }
      const query = terms.map((term) => `"${term}"`).join(' OR ');
      const result = await sql<PassageHit>`
        SELECT p.id, p.activity_id AS "activityId", p.axis, p.title, p.text
        FROM tutor_passages_fts f
        JOIN tutor_passages p ON p.id = f.passage_id
        WHERE tutor_passages_fts MATCH ${query}
          AND f.knowledge_model_id = ${knowledgeModelId}
          AND ${allowed('p.axis')}
        ORDER BY bm25(tutor_passages_fts, 2.0, 1.0), p.ord
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    async addQuestion(row: {
      tenantId: string;
      userId: string;
      knowledgeModelId: string;
      question: string;
      passages: string;
      generation?: string | null;
      created: string;
    }): Promise<string> {
      const id = newId();
      await db
        .insertInto('tutorQuestions')
        .values({ id, ...row })
        .execute();
      return id;
    },

    /** Stores the generative answer (JSON) of a question. */
    async setGeneration(questionId: string, generation: string): Promise<void> {
      await db
        .updateTable('tutorQuestions')
        .set({ generation })
        .where('id', '=', questionId)
        .execute();
    },

    /** Questions the user asked in [from, to) (cleared ones too: clearing does not reset the limit). */
    async countQuestionsBetween(userId: string, from: string, to: string): Promise<number> {
      const row = await db
        .selectFrom('tutorQuestions')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('userId', '=', userId)
        .where('created', '>=', from)
        .where('created', '<', to)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async history(userId: string, knowledgeModelId: string) {
      return db
        .selectFrom('tutorQuestions')
        .select(['id', 'question', 'passages', 'generation', 'created'])
        .where('userId', '=', userId)
        .where('knowledgeModelId', '=', knowledgeModelId)
        .where('cleared', '=', 0)
        .orderBy('created')
        .orderBy('id')
        .execute();
    },

    async clearHistory(userId: string, knowledgeModelId: string): Promise<void> {
      await db
        .updateTable('tutorQuestions')
        .set({ cleared: 1 })
        .where('userId', '=', userId)
        .where('knowledgeModelId', '=', knowledgeModelId)
        .execute();
    },
  };
}
