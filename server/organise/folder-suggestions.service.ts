import { setImmediate } from 'node:timers/promises';
import type { Link, OrganiseAnswer } from '../../contracts/index.js';
import type { FolderQuestion } from '../enrich/llm.js';
import { notFound } from '../http/errors.js';
import { nowIso } from '../lib/clock.js';
import { readJson } from '../lib/json-column.js';
import type {
  LinkSuggestionsRepository,
  LinkText,
  SuggestionSubject,
} from '../library/link-suggestions.repository.js';
import { presentLink } from '../library/links.presenter.js';
import type { LinksRepository } from '../library/links.repository.js';
import type { RateLimiter } from '../ratelimit/rate-limit.service.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import { type FiledExample, FolderClassifier } from './folder-classifier.js';
import { linkTerms } from './link-terms.js';

/** The language model's part (enrich/llm.ts), when one is configured. */
export interface FolderChooser {
  chooseFolder(
    link: FolderQuestion,
    folders: readonly string[],
    abandon?: AbortSignal,
  ): Promise<{ folder: string | null } | null>;
}

export interface SuggestionLimits {
  /** The newest filed links learnt from: enough to know a library's topics, bounded in time and memory. */
  filedLinks: number;
  /** The newest Uncategorized links one Auto-organise looks at. */
  organised: number;
}

/**
 * 2,000 filed links: finding their words (ICU's word segmenter, over their titles, descriptions, summaries
 * and key points) took 1.0 s of CPU on a busy 2-core machine, 5,000 took 3.7 s (BENCHMARKS.md "Smart
 * categories"); the newest 2,000 show a library's topics as they are now.
 */
const LIMITS: SuggestionLimits = { filedLinks: 2_000, organised: 200 };

/**
 * A person's classifier is kept this long: an import's hundreds of links finishing enrichment together
 * share one, rather than each reading thousands of filed links again. A folder filed into meanwhile is
 * learnt a minute later; Auto-organise always learns afresh.
 */
const CLASSIFIER_TTL_MS = 60_000;
/** Links whose words are found between two turns of the event loop: requests are not held up for long. */
const LINKS_PER_TURN = 50;
const MAX_CLASSIFIERS = 64;

/**
 * Smart categories: a folder suggested for each link in no folder, never a move without its person's
 * consent. The language model chooses among the person's folder names when one is configured, and the
 * offline classifier (folder-classifier.ts) over their filed links when there is none or its answer cannot
 * be used. Only the person's own folders are learnt from and suggested.
 */
/** Auto-organise is a click in the web app: a few a minute is generous, a loop of them is refused. */
const ORGANISE_CALLS_PER_USER = { max: 10, windowSeconds: 60 };

export class FolderSuggestions {
  private readonly classifiers = new Map<string, { at: number; classifier: Promise<FolderClassifier> }>();

  constructor(
    private readonly suggestions: LinkSuggestionsRepository,
    private readonly links: LinksRepository,
    private readonly notifier: LibraryNotifier,
    private readonly limiter: RateLimiter,
    private readonly model: FolderChooser | null = null,
    private readonly limits: SuggestionLimits = LIMITS,
  ) {}

  /**
   * At the end of a link's enrichment (job-runner.ts): its suggestion, written while it is in no folder.
   * Whether it changed (its `job` event, sent next, has the web app read it again).
   */
  async afterEnrichment(userId: string, linkId: string, abandon?: AbortSignal): Promise<boolean> {
    const link = await this.suggestions.subject(userId, linkId);
    if (!link || link.folder_id !== null) return false;
    const folderId = await this.choose(userId, link, abandon);
    return this.suggestions.suggest(this.suggestions.db, userId, linkId, folderId);
  }

  /**
   * Auto-organise: a suggestion for each of the newest Uncategorized links that has none yet (from the
   * offline classifier, learnt afresh: a model asked about hundreds of links would keep the person
   * waiting), and every one of those links that now has a suggestion, newest first.
   */
  async organise(userId: string): Promise<OrganiseAnswer> {
    // Each call learns the person's folders afresh (about a second of CPU at 2,000 filed links).
    await this.limiter.consume(`organise:user:${userId}`, ORGANISE_CALLS_PER_USER);
    const subjects = await this.suggestions.uncategorized(userId, this.limits.organised + 1);
    const considered = subjects.slice(0, this.limits.organised);
    const classifier = await this.learn(userId);
    const found = new Map<string, string>();
    for (const [index, link] of considered.entries()) {
      if (link.suggested_folder_id) continue;
      if (index % LINKS_PER_TURN === LINKS_PER_TURN - 1) await setImmediate();
      const guess = classifier.suggest(linkTerms(link), link.dismissed_folder_id);
      if (guess) found.set(link.id, guess.folderId);
    }
    if (found.size > 0) {
      await this.suggestions.db.transaction().execute(async (trx) => {
        for (const [linkId, folderId] of found) await this.suggestions.suggest(trx, userId, linkId, folderId);
      });
      this.notifier.linksChanged(userId, found.size);
    }
    const ids = considered.filter((link) => link.suggested_folder_id || found.has(link.id)).map((l) => l.id);
    const items: Link[] = (await this.links.findMany(userId, ids))
      .map(presentLink)
      .filter((link) => link.suggestedFolderId !== null);
    return { items, considered: considered.length, more: subjects.length > considered.length };
  }

  /** DELETE /api/links/:id/suggestion: turned down, and never suggested for the link again. */
  async dismiss(userId: string, linkId: string): Promise<void> {
    if (!(await this.suggestions.dismiss(userId, linkId, nowIso()))) throw notFound('Link');
    this.notifier.linkChanged(userId, linkId);
  }

  private async choose(
    userId: string,
    link: SuggestionSubject,
    abandon?: AbortSignal,
  ): Promise<string | null> {
    if (this.model) {
      const folders = (await this.suggestions.folders(userId)).filter(
        (f) => f.id !== link.dismissed_folder_id,
      );
      if (folders.length === 0) return null;
      const answer = await this.model.chooseFolder(
        question(link),
        folders.map((folder) => folder.name),
        abandon,
      );
      if (answer) return folders.find((folder) => folder.name === answer.folder)?.id ?? null;
    }
    const classifier = await this.classifier(userId);
    return classifier.suggest(linkTerms(link), link.dismissed_folder_id)?.folderId ?? null;
  }

  /** The person's classifier, as kept for CLASSIFIER_TTL_MS. */
  private classifier(userId: string): Promise<FolderClassifier> {
    const kept = this.classifiers.get(userId);
    if (kept && Date.now() - kept.at < CLASSIFIER_TTL_MS) return kept.classifier;
    return this.learn(userId);
  }

  /** The person's newest filed links learnt, their words found a few links per turn of the event loop. */
  private async build(userId: string): Promise<FolderClassifier> {
    return learnt(await this.suggestions.filed(userId, this.limits.filedLinks));
  }

  /** A classifier learnt now from the person's filed links, kept for the next ones. */
  private learn(userId: string): Promise<FolderClassifier> {
    const classifier = this.build(userId);
    this.classifiers.delete(userId);
    if (this.classifiers.size >= MAX_CLASSIFIERS) {
      const oldest = this.classifiers.keys().next();
      if (!oldest.done) this.classifiers.delete(oldest.value);
    }
    this.classifiers.set(userId, { at: Date.now(), classifier });
    // A failed read is not kept: the next link asks again.
    classifier.catch(() => {
      if (this.classifiers.get(userId)?.classifier === classifier) this.classifiers.delete(userId);
    });
    return classifier;
  }
}

/** Finding words is CPU work in the web process: it yields to the event loop as it goes. */
async function learnt(filed: readonly (LinkText & { folder_id: string })[]): Promise<FolderClassifier> {
  const examples: FiledExample[] = [];
  for (const [index, link] of filed.entries()) {
    if (index % LINKS_PER_TURN === LINKS_PER_TURN - 1) await setImmediate();
    examples.push({ folderId: link.folder_id, terms: linkTerms(link) });
  }
  return new FolderClassifier(examples);
}

const question = (link: SuggestionSubject): FolderQuestion => ({
  url: link.url,
  title: link.title,
  description: link.description ?? link.og_description,
  summary: link.summary_short,
  tags: readJson<string[]>(link.tags, []),
});
