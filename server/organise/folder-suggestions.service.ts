import type { Link, OrganiseAnswer } from '../../contracts/index.js';
import type { FolderQuestion } from '../enrich/llm.js';
import { notFound } from '../http/errors.js';
import { nowIso } from '../lib/clock.js';
import { readJson } from '../lib/json-column.js';
import type { LinkSuggestionsRepository, SuggestionSubject } from '../library/link-suggestions.repository.js';
import { presentLink } from '../library/links.presenter.js';
import type { LinksRepository } from '../library/links.repository.js';
import type { LibraryNotifier } from '../realtime/notifier.js';
import { FolderClassifier } from './folder-classifier.js';
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

const LIMITS: SuggestionLimits = { filedLinks: 5_000, organised: 200 };

/**
 * A person's classifier is kept this long: an import's hundreds of links finishing enrichment together
 * share one, rather than each reading thousands of filed links again. A folder filed into meanwhile is
 * learnt a minute later; Auto-organise always learns afresh.
 */
const CLASSIFIER_TTL_MS = 60_000;
const MAX_CLASSIFIERS = 64;

/**
 * Smart categories: a folder suggested for each link in no folder, never a move without its person's
 * consent. The language model chooses among the person's folder names when one is configured, and the
 * offline classifier (folder-classifier.ts) over their filed links when there is none or its answer cannot
 * be used. Only the person's own folders are learnt from and suggested.
 */
export class FolderSuggestions {
  private readonly classifiers = new Map<string, { at: number; classifier: Promise<FolderClassifier> }>();

  constructor(
    private readonly suggestions: LinkSuggestionsRepository,
    private readonly links: LinksRepository,
    private readonly notifier: LibraryNotifier,
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
    const subjects = await this.suggestions.uncategorized(userId, this.limits.organised + 1);
    const considered = subjects.slice(0, this.limits.organised);
    const classifier = this.learn(userId);
    const found = new Map<string, string>();
    for (const link of considered) {
      if (link.suggested_folder_id) continue;
      const guess = (await classifier).suggest(linkTerms(link), link.dismissed_folder_id);
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

  /** A classifier learnt now from the person's filed links, kept for the next ones. */
  private learn(userId: string): Promise<FolderClassifier> {
    const classifier = this.suggestions
      .filed(userId, this.limits.filedLinks)
      .then(
        (filed) => new FolderClassifier(filed.map((l) => ({ folderId: l.folder_id, terms: linkTerms(l) }))),
      );
    this.classifiers.delete(userId);
    if (this.classifiers.size >= MAX_CLASSIFIERS) {
      const oldest = this.classifiers.keys().next();
      if (!oldest.done) this.classifiers.delete(oldest.value);
    }
    this.classifiers.set(userId, { at: Date.now(), classifier });
    // A failed read is not kept: the next link asks again.
    classifier.catch(() => this.classifiers.delete(userId));
    return classifier;
  }
}

const question = (link: SuggestionSubject): FolderQuestion => ({
  url: link.url,
  title: link.title,
  description: link.description ?? link.og_description,
  summary: link.summary_short,
  tags: readJson<string[]>(link.tags, []),
});
