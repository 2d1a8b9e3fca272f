// Test data of the public catalog: courses and collections with readable defaults (tests only).
import {
  PresentationMode,
  type PublicObjectiveDetail,
  type PublicShowcase,
} from '@portal/contracts';

let sequence = 0;
const nextId = () => `00000000-0000-4000-9000-${(++sequence).toString(16).padStart(12, '0')}`;

export function aPublicObjective(
  overrides: Partial<PublicObjectiveDetail> = {},
): PublicObjectiveDetail {
  return {
    id: nextId(),
    name: 'Data literacy',
    code: null,
    description: null,
    imageUrl: null,
    showcases: [],
    childrenCount: 0,
    presentationMode: PresentationMode.tree,
    about: null,
    ...overrides,
  };
}

export function aPublicShowcase(name: string, objectivesCount = 1): PublicShowcase {
  return {
    id: nextId(),
    name,
    code: name.toUpperCase().replace(/\W+/g, '-'),
    description: null,
    objectivesCount,
    order: sequence,
  };
}
