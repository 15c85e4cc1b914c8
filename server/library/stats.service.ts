import type { Stats } from '../../contracts/index.js';
import type { FoldersRepository } from './folders.repository.js';
import type { LinksRepository } from './links.repository.js';
import type { SnippetsRepository } from './snippets.repository.js';

/** GET /api/stats: the sidebar's counts (SPEC.md §2): every folder, empty ones at 0, in three indexed queries. */
export class StatsService {
  constructor(
    private readonly links: LinksRepository,
    private readonly snippets: SnippetsRepository,
    private readonly folders: FoldersRepository,
  ) {}

  async get(userId: string): Promise<Stats> {
    const [counts, snippets, folders] = await Promise.all([
      this.links.countsByFolder(userId),
      this.snippets.countAll(userId),
      this.folders.list(userId),
    ]);
    return {
      links: counts.total,
      uncategorized: counts.uncategorized,
      snippets,
      folders: Object.fromEntries(folders.map((f) => [f.id, counts.byFolder.get(f.id) ?? 0])),
    };
  }
}
