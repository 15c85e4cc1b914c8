import {
  type Insights,
  type InsightsQuery,
  type IsoWeek,
  type Platform,
  compareWeeks,
  currentWeek,
  formatIsoWeek,
  shiftWeek,
} from '../../contracts/index.js';
import { ENGLISH, isContentWord } from '../enrich/text/language.js';
import { words } from '../enrich/text/words.js';
import { invalidInput } from '../http/errors.js';
import type { FoldersRepository } from '../library/folders.repository.js';
import { presentLink } from '../library/links.presenter.js';
import type { LinksRepository } from '../library/links.repository.js';
import {
  type InsightsRepository,
  type OlderLink,
  type SavedGroup,
  type WeekTag,
} from './insights.repository.js';
import { startOf, weekSpan } from './week-span.js';

const TOP_TAGS = 10;
const DIGEST_LINKS = 20;
const REDISCOVERED_LINKS = 5;
/** Older links are looked for by the week's top tags: those it is most about. */
const SEED_TAGS = TOP_TAGS;
/**
 * How many older links each of those tags brings to be ranked: a common tag's share, a rare tag's all.
 * Finding them costs about this many lookups divided by the share of the tag's links saved before the
 * week (InsightsReach keeps that share from being tiny).
 */
const LINKS_PER_SEED_TAG = 20;
/** How many of the older links sharing the most tags have their titles' words compared with the week's. */
const SHORTLIST = 100;
/**
 * `fewOlderLinks`: a person with no more links than this from before the week has them all read, with
 * their tags: the week's new tags and rediscovered links are then found among them, where asking the tag
 * index for each of the week's tags would look through every later link that carries it (in a library's
 * first weeks, nearly all of them). At 100,000 links the two ways cost the same around 5,000 (BENCHMARKS.md
 * "Weekly insight report").
 */
export interface InsightsReach {
  fewOlderLinks: number;
}
const INSIGHTS_REACH: InsightsReach = { fewOlderLinks: 5_000 };
const UNCATEGORIZED_NAME = 'Uncategorized';

const byCountThenName =
  <T extends { count: number }>(name: (item: T) => string) =>
  (a: T, b: T) =>
    b.count - a.count || name(a).localeCompare(name(b));

/** The words of a title that can tell what it is about ("the", "and", numbers left out). */
const titleWords = (title: string) => new Set(words(title).filter((word) => isContentWord(word, ENGLISH)));

/**
 * API.md GET /api/insights: the weekly insight report of issue 19, computed from the database on each
 * call. Weeks are ISO weeks in the time zone asked for; a week not yet begun is refused, one before the
 * account existed is simply empty.
 */
export class InsightsService {
  constructor(
    private readonly insights: InsightsRepository,
    private readonly links: LinksRepository,
    private readonly folders: FoldersRepository,
    private readonly reach: InsightsReach = INSIGHTS_REACH,
  ) {}

  async get(userId: string, query: InsightsQuery): Promise<Insights> {
    const week = this.weekOf(query);
    const span = weekSpan(week, query.tz);
    const start = startOf(span);
    const few = this.reach.fewOlderLinks;
    // Three rounds of queries, each round's at once (PostgreSQL runs them on connections of their own):
    // the week, then the older links that go with it, then the rediscovered links in full.
    const [groups, tags, newest, read, folders, older] = await Promise.all([
      this.insights.savedGroups(userId, span),
      this.insights.weekTags(userId, span),
      this.insights.newest(userId, span, DIGEST_LINKS),
      this.insights.readCount(userId, span),
      this.folders.list(userId),
      this.insights.olderCount(userId, start, few + 1),
    ]);
    const keys = tags.map((tag) => tag.key);
    const [usedBefore, candidates] =
      older <= few
        ? await this.insights
            .olderTaggedLinks(userId, start)
            .then((every) => [new Set(every.flatMap((link) => link.keys)), every] as const)
        : await Promise.all([
            this.insights.usedBefore(userId, keys, start),
            this.insights.olderTagged(userId, seedTags(tags), start, LINKS_PER_SEED_TAG),
          ]);
    const folderNames = new Map(folders.map((folder) => [folder.id, folder.name]));
    return {
      week: formatIsoWeek(week),
      saved: total(groups),
      byDay: span.dates.map((date, day) => ({
        date,
        count: total(groups.filter((group) => group.day === day)),
      })),
      byFolder: [...groupBy(groups, (group) => group.folderId)]
        .map(([folderId, count]) => ({
          folderId,
          name: folderId === null ? UNCATEGORIZED_NAME : (folderNames.get(folderId) ?? UNCATEGORIZED_NAME),
          count,
        }))
        .sort(byCountThenName((folder) => folder.name)),
      byPlatform: [...groupBy(groups, (group) => group.platform as Platform)]
        .map(([platform, count]) => ({ platform, count }))
        .sort(byCountThenName((entry) => entry.platform)),
      topTags: tagCounts(tags).slice(0, TOP_TAGS),
      newTags: tagCounts(tags.filter((tag) => !usedBefore.has(tag.key))),
      read,
      unread: total(groups.filter((group) => group.unread)),
      rediscover: await this.rediscover(
        userId,
        candidates,
        new Set(keys),
        newest.map((link) => link.title),
      ),
      digest: newest.map((link) => ({
        linkId: link.id,
        title: link.title,
        summaryShort: link.summary_short,
      })),
    };
  }

  /** The week asked for, or the last complete one; a week that has not begun yet is refused. */
  private weekOf(query: InsightsQuery): IsoWeek {
    const now = currentWeek(Date.now(), query.tz);
    const week = query.week ?? shiftWeek(now, -1);
    if (compareWeeks(week, now) > 0) {
      const asked = formatIsoWeek(week);
      throw invalidInput('week', `week ${asked} has not begun yet: the latest is ${formatIsoWeek(now)}`);
    }
    return week;
  }

  /**
   * A few links saved before the week that share its tags, ranked by how many of the week's tags each
   * carries, then by how many words its title shares with the week's newest titles, then newest first.
   */
  private async rediscover(
    userId: string,
    candidates: readonly OlderLink[],
    weekKeys: ReadonlySet<string>,
    weekTitles: readonly string[],
  ) {
    const weekWords = new Set(weekTitles.flatMap((title) => [...titleWords(title)]));
    const best = candidates
      .map((link) => ({ link, tags: link.keys.filter((key) => weekKeys.has(key)).length }))
      .filter((candidate) => candidate.tags > 0)
      .sort((a, b) => b.tags - a.tags || newerFirst(a.link, b.link))
      // Words are counted for a shortlist only, the best by tags: a title's words cost a segmentation.
      .slice(0, SHORTLIST)
      .map((candidate) => ({
        ...candidate,
        words: [...titleWords(candidate.link.title)].filter((word) => weekWords.has(word)).length,
      }))
      .sort((a, b) => b.tags - a.tags || b.words - a.words || newerFirst(a.link, b.link))
      .slice(0, REDISCOVERED_LINKS)
      .map((candidate) => candidate.link.id);
    return (await this.links.findMany(userId, best)).map(presentLink);
  }
}

/** The keys of the week's top tags (as topTags has them), which older links are looked for by. */
const seedTags = (tags: readonly WeekTag[]) =>
  [...tags]
    .sort(byCountThenName((tag) => tag.tag))
    .slice(0, SEED_TAGS)
    .map((tag) => tag.key);

/** ISO times and ids compare as text; ties of time go to the greater id, as the lists' order has it. */
const newerFirst = (a: OlderLink, b: OlderLink) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

const total = (groups: readonly SavedGroup[]) => groups.reduce((sum, group) => sum + group.count, 0);

function groupBy<K>(groups: readonly SavedGroup[], keyOf: (group: SavedGroup) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const group of groups) counts.set(keyOf(group), (counts.get(keyOf(group)) ?? 0) + group.count);
  return counts;
}

const tagCounts = (tags: readonly WeekTag[]) =>
  tags.map((tag) => ({ tag: tag.tag, count: tag.count })).sort(byCountThenName((tag) => tag.tag));
