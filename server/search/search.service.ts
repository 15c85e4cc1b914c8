import {
  type FoundLink,
  type Link,
  PAGE_LIMIT_DEFAULT,
  type SearchQuery,
  type SearchResult,
} from '../../contracts/index.js';
import type { Scope } from '../http/auth.js';
import type { FoldersService } from '../library/folders.service.js';
import type { LinksService } from '../library/links.service.js';
import type { ReadingFilter } from '../library/links.repository.js';
import type { SnippetsService } from '../library/snippets.service.js';
import { type Excerpt, type Excerpter, excerpter, queryTerms } from '../enrich/text/search-text.js';
import { unpackText, unpackTextStart } from '../lib/packed-text.js';

export interface SearchVisibility {
  folders: boolean;
  snippets: boolean;
}

/**
 * What a search may show. The user sees everything. An assistant (OAuth scopes) sees folder names only
 * with read:folders, and never snippets: their notes are private, and the consent screen's scopes name
 * folders and links only (SPEC.md §2 /oauth/consent).
 */
export const visibilityFor = (scopes: readonly Scope[] | null): SearchVisibility =>
  // A personal API token that reads the library reads it all, as its person does.
  scopes === null || scopes.includes('library:read')
    ? { folders: true, snippets: true }
    : { folders: scopes.includes('read:folders'), snippets: false };

/** GET /api/search: folders, links and snippets whose fields contain the query (SPEC.md §5). */
export class SearchService {
  constructor(
    private readonly folders: FoldersService,
    private readonly links: LinksService,
    private readonly snippets: SnippetsService,
  ) {}

  async search(
    userId: string,
    query: SearchQuery,
    visible: SearchVisibility = visibilityFor(null),
  ): Promise<SearchResult> {
    const text = query.q.trim();
    if (!text) return { folders: [], links: [], snippets: [] };
    const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
    const findFolders = () => (visible.folders ? this.folders.search(userId, text) : Promise.resolve([]));
    if (query.scope === 'folders') {
      return { folders: (await findFolders()).slice(0, limit), links: [], snippets: [] };
    }
    const reading = { state: query.state, favorite: query.favorite, availability: query.availability };
    const linksOnly = query.scope === 'content' || Object.values(reading).some((mark) => mark !== undefined);
    const terms = queryTerms(text);
    const [folders, links, snippets] = await Promise.all([
      linksOnly ? [] : findFolders(),
      this.findLinks(userId, text, terms, limit, query.scope === 'content', reading),
      linksOnly || !visible.snippets ? [] : this.snippets.search(userId, text, limit),
    ]);
    return { folders: folders.slice(0, limit), links, snippets };
  }

  /**
   * Links that match on their own fields first (best first, SPEC.md §5), then those found only by their
   * page's text, best first. When the fields fill the page, the text is not searched: nothing it found
   * would be listed.
   */
  private async findLinks(
    userId: string,
    text: string,
    terms: readonly string[],
    limit: number,
    textOnly: boolean,
    reading: ReadingFilter,
  ): Promise<FoundLink[]> {
    const byFields = textOnly ? [] : await this.links.search(userId, text, limit, reading);
    if (byFields.length >= limit) return byFields.slice(0, limit);
    const byText = await this.links.searchContent(userId, terms, limit, reading);
    return listFound(byFields, byText, terms, limit);
  }
}

/**
 * The links found by their fields, then those found only by their text; a link found both ways is listed
 * once, where its fields put it. Each link listed for its text alone carries an excerpt around the first
 * match; only those are unpacked and cut (a search runs as a person types).
 */
function listFound(
  byFields: Link[],
  byText: { link: Link; text: Uint8Array }[],
  terms: readonly string[],
  limit: number,
): FoundLink[] {
  const listed = new Set(byFields.map((link) => link.id));
  const byTextAlone = byText.filter(({ link }) => !listed.has(link.id)).slice(0, limit - byFields.length);
  const excerptOf = excerpter(terms);
  return [
    ...byFields,
    ...byTextAlone.map(({ link, text }): FoundLink => {
      const excerpt = excerptOfPacked(text, excerptOf);
      return excerpt
        ? { ...link, match: { field: 'content', excerpt: excerpt.text, marks: excerpt.marks } }
        : link;
    }),
  ];
}

/** How much of a packed page is unpacked first for its excerpt: a page or two of text. */
const PACKED_START_BYTES = 1_024;

/** The excerpt from the page's start where it is there, else from the whole page. */
function excerptOfPacked(packed: Uint8Array, excerptOf: Excerpter): Excerpt | null {
  const start = unpackTextStart(packed, PACKED_START_BYTES);
  if (start.whole) return excerptOf(start.text);
  return excerptOf(start.text, true) ?? excerptOf(unpackText(packed));
}
