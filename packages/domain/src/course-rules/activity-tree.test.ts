import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ActivityState, WorkflowState } from '@portal/contracts';
import {
  ancestorsOf,
  axisOf,
  effectivePartFlags,
  findNodeByAxis,
  firstStartableAxis,
  flattenTree,
  partIdsOf,
} from './activity-tree.ts';
import { anActivity } from './testing/activity-node-builder.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const future = '2026-04-01T00:00:00.000Z';

function threeLevelTree() {
  return anActivity('Course')
    .withChildren(
      anActivity('Module 1').withChildren(anActivity('1.1'), anActivity('1.2')),
      anActivity('Module 2').withChildren(anActivity('2.1')),
      anActivity('Module 3'),
    )
    .buildRoot();
}

describe('tree walking', () => {
  const tree = threeLevelTree();
  const names = (nodes: { name: string }[] | null) => nodes?.map((node) => node.name) ?? null;

  it('flattens in document order, root first', () => {
    expect(names(flattenTree(tree))).toEqual([
      'Course',
      'Module 1',
      '1.1',
      '1.2',
      'Module 2',
      '2.1',
      'Module 3',
    ]);
  });

  it('finds every node by its own axis and the root by ""', () => {
    for (const node of flattenTree(tree)) expect(findNodeByAxis(tree, node.axis)).toBe(node);
    expect(findNodeByAxis(tree, '')).toBe(tree);
    const leaf = tree.children[0]!.children[1]!;
    expect(findNodeByAxis(tree, `/${leaf.axis}/`)).toBe(leaf);
    expect(findNodeByAxis(tree, 'missing')).toBeNull();
    expect(findNodeByAxis(tree, `${tree.children[1]!.axis}/${leaf.part!.id}`)).toBeNull();
  });

  it('lists ancestors root first without the node', () => {
    const leaf = tree.children[0]!.children[1]!;
    expect(names(ancestorsOf(tree, leaf.axis))).toEqual(['Course', 'Module 1']);
    expect(ancestorsOf(tree, '')).toEqual([]);
    expect(ancestorsOf(tree, 'missing')).toBeNull();
  });

  it('axes are the part ids joined by "/"', () => {
    const leaf = tree.children[0]!.children[1]!;
    expect(axisOf(partIdsOf(leaf.axis))).toBe(leaf.axis);
    expect(partIdsOf(leaf.axis)).toEqual([tree.children[0]!.part!.id, leaf.part!.id]);
    expect(axisOf([])).toBe('');
  });
});

describe('firstStartableAxis', () => {
  it.each([
    [
      'first unstarted leaf when nothing is in progress',
      anActivity().withChildren(
        anActivity('m1').withChildren(anActivity('a'), anActivity('b')),
        anActivity('c'),
      ),
      'a',
    ],
    [
      'the deepest in-progress activity',
      anActivity().withChildren(
        anActivity('m1')
          .withWorkflow(WorkflowState.finished)
          .withChildren(anActivity('a').withWorkflow(WorkflowState.finished)),
        anActivity('m2')
          .withWorkflow(WorkflowState.inProgress)
          .withChildren(
            anActivity('b').withWorkflow(WorkflowState.finished),
            anActivity('c').withWorkflow(WorkflowState.inProgress),
          ),
      ),
      'c',
    ],
    [
      'the first of equally deep in-progress activities',
      anActivity().withChildren(
        anActivity('a').withWorkflow(WorkflowState.inProgress),
        anActivity('b').withWorkflow(WorkflowState.inProgress),
      ),
      'a',
    ],
    [
      'skips finished and blocked leaves',
      anActivity().withChildren(
        anActivity('done').withWorkflow(WorkflowState.finished),
        anActivity('draft').withState(ActivityState.draft),
        anActivity('later').withConstraint({ startFrom: future }),
        anActivity('gated').unavailable(),
        anActivity('next'),
      ),
      'next',
    ],
    [
      'an in-progress composite counts when none of its children is in progress',
      anActivity().withChildren(
        anActivity('m1')
          .withWorkflow(WorkflowState.inProgress)
          .withChildren(
            anActivity('a').withWorkflow(WorkflowState.finished),
            anActivity('b').unavailable(),
          ),
        anActivity('c'),
      ),
      'm1',
    ],
    [
      'the first child when nothing is startable',
      anActivity().withChildren(
        anActivity('x').withState(ActivityState.draft),
        anActivity('y').unavailable(),
      ),
      'x',
    ],
  ])('%s', (_, builder, expectedName) => {
    const tree = builder.buildRoot();
    const axis = firstStartableAxis(tree, now);
    expect(axis).not.toBeNull();
    expect(findNodeByAxis(tree, axis!)?.name).toBe(expectedName);
  });

  it('is null for a root without children', () => {
    expect(firstStartableAxis(anActivity().buildRoot(), now)).toBeNull();
  });

  it('always names a node of the tree below the root', () => {
    const leaf = fc
      .record({
        state: fc.constantFrom(1, 2, 3, 4),
        available: fc.boolean(),
        workflow: fc.constantFrom(null, 1, 6),
      })
      .map(({ state, available, workflow }) => {
        let builder = anActivity().withState(state);
        if (!available) builder = builder.unavailable();
        return workflow === null ? builder : builder.withWorkflow(workflow);
      });
    const module = fc
      .array(leaf, { minLength: 0, maxLength: 3 })
      .map((children) =>
        children.length === 0 ? anActivity() : anActivity().withChildren(...children),
      );
    fc.assert(
      fc.property(fc.array(module, { minLength: 1, maxLength: 4 }), (modules) => {
        const tree = anActivity()
          .withChildren(...modules)
          .buildRoot();
        const axis = firstStartableAxis(tree, now);
        expect(axis).not.toBeNull();
        expect(axis).not.toBe('');
        expect(findNodeByAxis(tree, axis!)).not.toBeNull();
      }),
    );
  });
});

describe('effectivePartFlags', () => {
  it.each([
    [
      'top-level part keeps its flags',
      null,
      { optional: false, scoreWeight: 2 },
      { optional: false, scoreWeight: 2 },
    ],
    [
      'optional parent makes the child optional',
      { optional: true, scoreWeight: 1 },
      { optional: false, scoreWeight: 3 },
      { optional: true, scoreWeight: 3 },
    ],
    [
      'zero-weight parent zeroes the child',
      { optional: false, scoreWeight: 0 },
      { optional: false, scoreWeight: 3 },
      { optional: false, scoreWeight: 0 },
    ],
    [
      'own zero weight stays zero',
      { optional: false, scoreWeight: 2 },
      { optional: true, scoreWeight: 0 },
      { optional: true, scoreWeight: 0 },
    ],
    [
      'negative weight counts as zero',
      null,
      { optional: false, scoreWeight: -1 },
      { optional: false, scoreWeight: 0 },
    ],
  ])('%s', (_, parent, part, expected) => {
    expect(effectivePartFlags(parent, part)).toEqual(expected);
  });

  it('propagates optional and zero weight down any chain of parts', () => {
    const partArbitrary = fc.record({
      optional: fc.boolean(),
      scoreWeight: fc.constantFrom(0, 0.5, 1, 2),
    });
    fc.assert(
      fc.property(fc.array(partArbitrary, { minLength: 1, maxLength: 6 }), (chain) => {
        let flags = null as ReturnType<typeof effectivePartFlags> | null;
        for (const part of chain) flags = effectivePartFlags(flags, part);
        expect(flags!.optional).toBe(chain.some((part) => part.optional));
        expect(flags!.scoreWeight === 0).toBe(chain.some((part) => part.scoreWeight === 0));
        if (flags!.scoreWeight !== 0)
          expect(flags!.scoreWeight).toBe(chain[chain.length - 1]!.scoreWeight);
      }),
    );
  });
});
