/**
 * The offline folder suggester (smart categories): a multinomial naive Bayes classifier over the links a
 * person has filed, one class per folder. Chosen because it is small, fast to build from a few thousand
 * links on each request, and explainable (a folder wins by the words its links share with the new one),
 * and because it is strong on short texts with few examples per class, which is what a library's folders
 * are. Only folders with MIN_FOLDER_LINKS links take part, and a guess is shown only when the classifier
 * is sure of it (MIN_CONFIDENCE) and the link shares enough terms with the library (MIN_KNOWN_WEIGHT): a
 * wrong suggestion costs a person more than none. Measured by `npm run bench:suggest` (BENCHMARKS.md).
 */

/** A folder needs this many links before it is suggested: one or two links are no topic yet. */
export const MIN_FOLDER_LINKS = 3;
/** The posterior probability the best folder needs; lower guesses are not shown. */
export const MIN_CONFIDENCE = 0.99;
/** Weighted terms of the link that occur in the filed links; fewer say too little to go on. */
export const MIN_KNOWN_WEIGHT = 4;
/** Laplace smoothing (additive, per term): an unseen word lowers a folder's score without ruling it out. */
const SMOOTHING = 0.5;

export interface FiledExample {
  folderId: string;
  terms: ReadonlyMap<string, number>;
}

export interface FolderGuess {
  folderId: string;
  /** Posterior probability of the folder among the folders that took part. */
  confidence: number;
}

interface FolderStats {
  links: number;
  total: number;
  counts: Map<string, number>;
}

export class FolderClassifier {
  private readonly folders = new Map<string, FolderStats>();
  private readonly vocabulary = new Set<string>();
  private readonly links: number;

  /** `minConfidence`: MIN_CONFIDENCE, or another for the benchmark's comparison of thresholds. */
  constructor(
    examples: readonly FiledExample[],
    private readonly minConfidence = MIN_CONFIDENCE,
  ) {
    const byFolder = new Map<string, FiledExample[]>();
    for (const example of examples) {
      const list = byFolder.get(example.folderId) ?? [];
      list.push(example);
      byFolder.set(example.folderId, list);
    }
    let links = 0;
    for (const [folderId, filed] of byFolder) {
      if (filed.length < MIN_FOLDER_LINKS) continue;
      const stats: FolderStats = { links: filed.length, total: 0, counts: new Map() };
      for (const { terms } of filed) {
        for (const [term, weight] of terms) {
          stats.counts.set(term, (stats.counts.get(term) ?? 0) + weight);
          stats.total += weight;
          this.vocabulary.add(term);
        }
      }
      this.folders.set(folderId, stats);
      links += filed.length;
    }
    this.links = links;
  }

  /** Folders that take part: with one, there is no choice to make, only a guess that it fits. */
  get candidates(): number {
    return this.folders.size;
  }

  /**
   * The folder for a link with these terms, or null when none is sure enough. `excluded` (the folder its
   * person already turned down for it) is left out of the choice, not only of the answer: the next best
   * must be sure on its own.
   */
  suggest(terms: ReadonlyMap<string, number>, excluded: string | null = null): FolderGuess | null {
    const folders = [...this.folders].filter(([id]) => id !== excluded);
    if (folders.length < 2) return null;
    let known = 0;
    for (const [term, weight] of terms) if (this.vocabulary.has(term)) known += weight;
    if (known < MIN_KNOWN_WEIGHT) return null;
    const size = this.vocabulary.size;
    const scores = folders.map(([folderId, stats]) => {
      let score = Math.log(stats.links / this.links);
      const denominator = Math.log(stats.total + SMOOTHING * size);
      for (const [term, weight] of terms) {
        // Terms no filed link has tell nothing about any folder.
        if (!this.vocabulary.has(term)) continue;
        score += weight * (Math.log((stats.counts.get(term) ?? 0) + SMOOTHING) - denominator);
      }
      return { folderId, score };
    });
    const best = scores.reduce((a, b) => (b.score > a.score ? b : a));
    // The posterior by log-sum-exp: the scores are large negative numbers.
    const sum = scores.reduce((total, { score }) => total + Math.exp(score - best.score), 0);
    const confidence = 1 / sum;
    return confidence >= this.minConfidence ? { folderId: best.folderId, confidence } : null;
  }
}
