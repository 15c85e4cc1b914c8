/** A folder as the tree sees it. */
interface Node {
  id: string;
  parent_id: string | null;
}

/**
 * Each folder's links and its sub-folders' links (API.md totalCount), from each folder's own count. A
 * parent missing from `folders` is taken as the top; a cycle, which moves are checked against, would
 * only count a folder once.
 */
export function totalCounts(folders: readonly Node[], own: ReadonlyMap<string, number>): Map<string, number> {
  const parentOf = new Map(folders.map((folder) => [folder.id, folder.parent_id]));
  const totals = new Map(folders.map((folder) => [folder.id, 0]));
  for (const folder of folders) {
    const count = own.get(folder.id) ?? 0;
    if (count === 0) continue;
    for (const id of ancestry(parentOf, folder.id)) totals.set(id, (totals.get(id) ?? 0) + count);
  }
  return totals;
}

/** Whether `folderId` is `candidate` or one of its ancestors: putting `folderId` inside it would make a cycle. */
export function wouldCycle(folders: readonly Node[], folderId: string, candidate: string): boolean {
  const parentOf = new Map(folders.map((folder) => [folder.id, folder.parent_id]));
  return ancestry(parentOf, candidate).includes(folderId);
}

/** `id`, its parent, its parent's parent, and so on to the top (each once). */
function ancestry(parentOf: ReadonlyMap<string, string | null>, id: string): string[] {
  const chain: string[] = [];
  const seen = new Set<string>();
  let at: string | null | undefined = id;
  while (at && parentOf.has(at) && !seen.has(at)) {
    seen.add(at);
    chain.push(at);
    at = parentOf.get(at);
  }
  return chain;
}
