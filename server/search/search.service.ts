import { PAGE_LIMIT_DEFAULT, type SearchQuery, type SearchResult } from '../../contracts/index.js';
import type { FoldersService } from '../library/folders.service.js';
import type { LinksService } from '../library/links.service.js';
import type { SnippetsService } from '../library/snippets.service.js';

/** GET /api/search: folders, links and snippets whose fields contain the query (SPEC.md §5). */
export class SearchService {
  constructor(
    private readonly folders: FoldersService,
    private readonly links: LinksService,
    private readonly snippets: SnippetsService,
  ) {}

  /** `withFolders` is false for an assistant without read:folders: folder names are that scope's to show. */
  async search(userId: string, query: SearchQuery, withFolders = true): Promise<SearchResult> {
    const text = query.q.trim();
    if (!text) return { folders: [], links: [], snippets: [] };
    const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
    const findFolders = () => (withFolders ? this.folders.search(userId, text) : Promise.resolve([]));
    if (query.scope === 'folders') {
      return { folders: (await findFolders()).slice(0, limit), links: [], snippets: [] };
    }
    const [folders, links, snippets] = await Promise.all([
      findFolders(),
      this.links.search(userId, text, limit),
      this.snippets.search(userId, text, limit),
    ]);
    return { folders: folders.slice(0, limit), links, snippets };
  }
}
