import {
  type OAuthScope,
  PAGE_LIMIT_DEFAULT,
  type SearchQuery,
  type SearchResult,
} from '../../contracts/index.js';
import type { FoldersService } from '../library/folders.service.js';
import type { LinksService } from '../library/links.service.js';
import type { SnippetsService } from '../library/snippets.service.js';

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
    if (reading.state !== undefined || reading.favorite !== undefined) {
      return { folders: [], links: await this.links.search(userId, text, limit, reading), snippets: [] };
    }
    const [folders, links, snippets] = await Promise.all([
      findFolders(),
      this.links.search(userId, text, limit),
      visible.snippets ? this.snippets.search(userId, text, limit) : Promise.resolve([]),
    ]);
    return { folders: folders.slice(0, limit), links, snippets };
  }
}
