/**
 * Folders inside folders (API.md "Reading, organising and finding"), walked the same way by the server's
 * exports and the web app's tree. Generic over the row shape: the server walks database rows
 * (parent_id), the web app API Folders (parentId).
 */

/** An item of a tree as a depth-first walk meets it. */
export interface TreeStep<T> {
  item: T;
  depth: number;
  /** Its parent as the walk placed it; null at the top. */
  parent: T | null;
  hasChildren: boolean;
}

/**
 * Depth first, each item followed by its children, siblings in the order given. An item whose parent is not
 * among them sits at the top; one the walk cannot reach from the top (a cycle, which moves refuse) is
 * placed at the top rather than lost.
 */
export function depthFirst<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  parentOf: (item: T) => string | null,
): TreeStep<T>[] {
  const ids = new Set(items.map(idOf));
  const children = new Map<string | null, T[]>();
  for (const item of items) {
    const parent = parentOf(item);
    const key = parent !== null && ids.has(parent) ? parent : null;
    children.set(key, [...(children.get(key) ?? []), item]);
  }
  const steps: TreeStep<T>[] = [];
  const placed = new Set<string>();
  const visit = (item: T, depth: number, parent: T | null) => {
    if (placed.has(idOf(item))) return;
    placed.add(idOf(item));
    const step: TreeStep<T> = { item, depth, parent, hasChildren: false };
    steps.push(step);
    for (const child of children.get(idOf(item)) ?? []) {
      if (placed.has(idOf(child))) continue;
      step.hasChildren = true;
      visit(child, depth + 1, item);
    }
  };
  for (const root of children.get(null) ?? []) visit(root, 0, null);
  for (const item of items) visit(item, 0, null);
  return steps;
}
