import { describe, expect, it } from 'vitest';
import { depthFirst } from './folder-tree.js';

interface Row {
  id: string;
  parent: string | null;
}
const walk = (rows: Row[]) =>
  depthFirst(
    rows,
    (row) => row.id,
    (row) => row.parent,
  ).map(
    (step) =>
      `${'.'.repeat(step.depth)}${step.item.id}${step.hasChildren ? '+' : ''}<${step.parent?.id ?? ''}`,
  );

describe('depthFirst', () => {
  it('puts each item before its children, siblings in the order given', () => {
    expect(
      walk([
        { id: 'b1', parent: 'a' },
        { id: 'a', parent: null },
        { id: 'c', parent: null },
        { id: 'b2', parent: 'a' },
        { id: 'd', parent: 'b1' },
      ]),
    ).toEqual(['a+<', '.b1+<a', '..d<b1', '.b2<a', 'c<']);
  });

  it('sets an item whose parent is missing, or that sits in a cycle, at the top, and loses none', () => {
    expect(
      walk([
        { id: 'orphan', parent: 'gone' },
        { id: 'x', parent: 'y' },
        { id: 'y', parent: 'x' },
      ]),
    ).toEqual(['orphan<', 'x+<', '.y<x']);
  });
});
