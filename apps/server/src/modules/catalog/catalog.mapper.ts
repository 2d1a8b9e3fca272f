// Turns catalog and open-catalog rows into contract shapes; public shapes carry nothing about any learner.
import type {
  ObjectiveAccess,
  PublicObjective,
  PublicObjectiveDetail,
  PublicShowcase,
} from '@portal/contracts';
import type { AccessRow } from './catalog.repository.ts';
import type { PublicObjectiveRow, PublicShowcaseRow } from './open-catalog.repository.ts';

export function toObjectiveAccess(row: AccessRow): ObjectiveAccess {
  return {
    id: row.id,
    objectiveId: row.objectiveId,
    userId: row.userId,
    objectiveWorkflowAggregateId: row.aggregateId,
    isMandatory: row.isMandatory === 1,
    showInCatalog: row.showInCatalog === 1,
    isSelfEnrolled: row.isSelfEnrolled === 1,
  };
}

export function toPublicObjective(
  row: PublicObjectiveRow,
  showcases: { id: string; name: string }[],
): PublicObjective {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    imageUrl: row.imageUrl,
    showcases,
    childrenCount: Number(row.childrenCount ?? 0),
    presentationMode: row.presentationMode,
  };
}

export function toPublicObjectiveDetail(
  row: PublicObjectiveRow & { about: string | null },
  showcases: { id: string; name: string }[],
): PublicObjectiveDetail {
  return { ...toPublicObjective(row, showcases), about: row.about };
}

export function toPublicShowcase(row: PublicShowcaseRow): PublicShowcase {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    objectivesCount: Number(row.objectivesCount),
    order: row.order,
  };
}
