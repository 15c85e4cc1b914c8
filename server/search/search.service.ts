import {
  type FoundLink,
  type Link,
  type OAuthScope,
  PAGE_LIMIT_DEFAULT,
  type SearchQuery,
  type SearchResult,
} from '../../contracts/index.js';
import type { FoldersService } from '../library/folders.service.js';
import type { LinksService } from '../library/links.service.js';
import type { SnippetsService } from '../library/snippets.service.js';
import type { ReadingFilter } from '../library/links.repository.js';
import { excerptOf, queryTerms } from '../enrich/text/search-text.js';
import { unpackText } from '../lib/packed-text.js';

export interface SearchVisibility {
  folders: boolean;
  snippets: boolean;
}

/**
 * What a search may show. The user sees everything. An assistant (OAuth scopes) sees folder names only
 * with read:folders, and never snippets: their notes are private, and the consent screen's scopes name
 * folders and links only (SPEC.md §2 /oauth/consent).
 */
export const visibilityFor = (scopes: readonly OAuthScope[] | null): SearchVisibility =>
  scopes === null
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
    const reading = { state: query.state, favorite: query.favorite };
    const linksOnly =
      query.scope === 'content' || reading.state !== undefined || reading.favorite !== undefined;
    const [folders, byFields, byText, snippets] = await Promise.all([
      linksOnly ? [] : findFolders(),
      query.scope === 'content' ? [] : this.links.search(userId, text, limit, reading),
      this.byText(userId, text, limit, reading),
      linksOnly || !visible.snippets ? [] : this.snippets.search(userId, text, limit),
    ]);
    return { folders: folders.slice(0, limit), links: mergeFound(byFields, byText, limit), snippets };
  }

  /** Links whose kept page holds the query's words, each with an excerpt around the first match. */
  private async byText(
    userId: string,
    text: string,
    limit: number,
    reading: ReadingFilter,
  ): Promise<FoundLink[]> {
    const terms = queryTerms(text);
    const found = await this.links.searchContent(userId, terms, limit, reading);
    return found.map(({ link, text: packed }) => {
      const excerpt = excerptOf(unpackText(packed), terms);
      return excerpt
        ? { ...link, match: { field: 'content', excerpt: excerpt.text, marks: excerpt.marks } }
        : link;
    });
  }
}

/**
 * Links that match on their own fields first (best first, SPEC.md §5), then those found only by their
 * page's text, best first; a link found both ways is listed once, where its fields put it, with the excerpt.
 */
function mergeFound(byFields: Link[], byText: FoundLink[], limit: number): FoundLink[] {
  const excerpts = new Map(byText.map((link) => [link.id, link.match]));
  const listed = new Set(byFields.map((link) => link.id));
  const merged: FoundLink[] = byFields.map((link) => {
    const match = excerpts.get(link.id);
    return match ? { ...link, match } : link;
  });
  for (const link of byText) if (!listed.has(link.id)) merged.push(link);
  return merged.slice(0, limit);
}
