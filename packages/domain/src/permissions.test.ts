import { describe, expect, it } from 'vitest';
import {
  decideLearnerArea,
  hasPermissions,
  isLearnerOnly,
  isResearchOnlyLicence,
  type HeldPermission,
  type RequiredPermission,
} from './permissions.ts';

const held: HeldPermission[] = [
  { name: 'ObjectiveWorkflow.Create', scope_id: null },
  { name: 'Objective.Read', scope_id: 'tenant-1' },
  { name: 'Research.Access', scope_id: 'project-9' },
];

describe('hasPermissions', () => {
  const cases: {
    title: string;
    required: RequiredPermission[];
    mode?: 'all' | 'any';
    expected: boolean;
  }[] = [
    { title: 'nothing required passes', required: [], expected: true },
    {
      title: 'held name without scope requirement',
      required: [{ name: 'Objective.Read' }],
      expected: true,
    },
    { title: 'name not held', required: [{ name: 'User.Update' }], expected: false },
    {
      title: 'names compare exactly (case)',
      required: [{ name: 'objectiveworkflow.create' }],
      expected: false,
    },
    {
      title: 'exact scope match',
      required: [{ name: 'Objective.Read', scopeId: 'tenant-1' }],
      expected: true,
    },
    {
      title: 'other scope fails',
      required: [{ name: 'Objective.Read', scopeId: 'tenant-2' }],
      expected: false,
    },
    {
      title: 'null scope requires an unscoped entry',
      required: [{ name: 'Research.Access', scopeId: null }],
      expected: false,
    },
    {
      title: 'null scope matches unscoped',
      required: [{ name: 'ObjectiveWorkflow.Create', scopeId: null }],
      expected: true,
    },
    {
      title: 'all mode: one missing fails',
      required: [{ name: 'ObjectiveWorkflow.Create' }, { name: 'User.Update' }],
      expected: false,
    },
    {
      title: 'all mode is the default and passes when every one matches',
      required: [
        { name: 'ObjectiveWorkflow.Create' },
        { name: 'Objective.Read', scopeId: 'tenant-1' },
      ],
      expected: true,
    },
    {
      title: 'any mode: one match passes',
      required: [{ name: 'User.Update' }, { name: 'Objective.Read' }],
      mode: 'any',
      expected: true,
    },
    {
      title: 'any mode: no match fails',
      required: [{ name: 'User.Update' }, { name: 'Objective.Read', scopeId: 'x' }],
      mode: 'any',
      expected: false,
    },
  ];
  it.each(cases)('$title', ({ required, mode, expected }) => {
    expect(hasPermissions(held, required, mode ? { mode } : {})).toBe(expected);
  });

  it('fails everything for a user without permissions', () => {
    expect(hasPermissions([], [{ name: 'ObjectiveWorkflow.Create' }])).toBe(false);
    expect(hasPermissions([], [{ name: 'ObjectiveWorkflow.Create' }], { mode: 'any' })).toBe(false);
  });
});

describe('isLearnerOnly', () => {
  it.each([
    { roles: ['Learner'], expected: true },
    { roles: ['Learner', 'Author'], expected: false },
    { roles: ['Administrator'], expected: false },
    { roles: [], expected: false },
  ])('$roles → $expected', ({ roles, expected }) => {
    expect(isLearnerOnly(roles)).toBe(expected);
  });
});

describe('isResearchOnlyLicence', () => {
  it.each([
    { features: ['Platform.Research'], expected: true },
    { features: ['Platform.KnowledgeModels'], expected: true },
    { features: ['Platform.Research', 'Platform.KnowledgeModels'], expected: true },
    { features: ['Platform.Research', 'LMS'], expected: false },
    { features: ['LMS'], expected: false },
    { features: [], expected: false },
  ])('$features → $expected', ({ features, expected }) => {
    expect(isResearchOnlyLicence(features)).toBe(expected);
  });
});

describe('decideLearnerArea', () => {
  const learner: HeldPermission[] = [{ name: 'ObjectiveWorkflow.Create', scope_id: 'tenant-1' }];
  const portal = { id: 'learn', url: '/learn' };

  it('lets a user with ObjectiveWorkflow.Create in any scope stay', () => {
    expect(
      decideLearnerArea({ licensedFeatures: ['LMS'], permissions: learner, navigation: [portal] }),
    ).toEqual({
      kind: 'allow',
    });
  });

  it('sends research-only licences to /platform before looking at permissions', () => {
    expect(
      decideLearnerArea({
        licensedFeatures: ['Platform.Research'],
        permissions: learner,
        navigation: [portal],
      }),
    ).toEqual({ kind: 'platform' });
  });

  it('sends users without the learner permission to their first other application', () => {
    const navigation = [portal, { id: 'author', url: '/teach' }, { id: 'admin', url: '/admin' }];
    expect(decideLearnerArea({ licensedFeatures: ['LMS'], permissions: [], navigation })).toEqual({
      kind: 'node',
      url: '/teach',
    });
  });

  it('shows forbidden when no other application exists or it has no url', () => {
    expect(
      decideLearnerArea({ licensedFeatures: ['LMS'], permissions: [], navigation: [] }),
    ).toEqual({
      kind: 'forbidden',
    });
    expect(
      decideLearnerArea({
        licensedFeatures: ['LMS'],
        permissions: [],
        navigation: [{ id: 'author', url: null }],
      }),
    ).toEqual({ kind: 'forbidden' });
  });
});
