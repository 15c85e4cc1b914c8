/**
 * ROUGE-1 and ROUGE-L F1 (Lin 2004) over lower-cased word tokens, no stemming: small enough to write
 * here, and the npm packages for it are unmaintained.
 */
export const tokens = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

const f1 = (overlap: number, candidate: number, reference: number) => {
  if (overlap === 0) return 0;
  const precision = overlap / candidate;
  const recall = overlap / reference;
  return (2 * precision * recall) / (precision + recall);
};

export function rouge1(candidate: string[], reference: string[]): number {
  const counts = new Map<string, number>();
  for (const word of reference) counts.set(word, (counts.get(word) ?? 0) + 1);
  let overlap = 0;
  for (const word of candidate) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      overlap += 1;
      counts.set(word, left - 1);
    }
  }
  return f1(overlap, candidate.length, reference.length);
}

export function rougeL(candidate: string[], reference: string[]): number {
  const row = new Array<number>(reference.length + 1).fill(0);
  for (const word of candidate) {
    let diagonal = 0;
    for (let j = 1; j <= reference.length; j += 1) {
      const above = row[j] as number;
      row[j] = word === reference[j - 1] ? diagonal + 1 : Math.max(above, row[j - 1] as number);
      diagonal = above;
    }
  }
  return f1(row[reference.length] as number, candidate.length, reference.length);
}

/** Multi-reference scores take the best reference for each summary, as is usual for ROUGE. */
export function bestOf(candidate: string, references: string[]) {
  const c = tokens(candidate);
  const refs = references.map(tokens);
  return {
    r1: Math.max(...refs.map((r) => rouge1(c, r))),
    rl: Math.max(...refs.map((r) => rougeL(c, r))),
  };
}

/**
 * Word-shingle F1: the overlap of the two texts' runs of `n` consecutive words, counted as multisets.
 * Scores how much of a reference text an extraction found (recall) and how little else it kept
 * (precision), in order, without the quadratic cost of an LCS over whole pages.
 */
export function shingleF1(candidate: string[], reference: string[], size = 3): number {
  // A text shorter than a shingle (a page of one word) is compared word by word.
  const n = Math.max(1, Math.min(size, candidate.length, reference.length));
  const shingles = (words: string[]) => {
    const counts = new Map<string, number>();
    for (let i = 0; i + n <= words.length; i += 1) {
      const key = words.slice(i, i + n).join(' ');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  const ours = shingles(candidate);
  const theirs = shingles(reference);
  let overlap = 0;
  let total = 0;
  for (const [key, count] of ours) {
    overlap += Math.min(count, theirs.get(key) ?? 0);
    total += count;
  }
  let referenceTotal = 0;
  for (const count of theirs.values()) referenceTotal += count;
  return f1(overlap, total, referenceTotal);
}
