import type { Stats } from '../../contracts/index.js';
import type { LinksRepository } from './links.repository.js';
import type { SnippetsRepository } from './snippets.repository.js';

/** GET /api/stats: the sidebar's counts (SPEC.md §2) in two indexed queries. */
export class StatsService {
  constructor(
    private readonly links: LinksRepository,
    private readonly snippets: SnippetsRepository,
  ) {}

  async get(userId: string): Promise<Stats> {
    const [counts, snippets] = await Promise.all([
      this.links.countsByFolder(userId),
      this.snippets.countAll(userId),
    ]);
    return {
      links: counts.total,
      uncategorized: counts.uncategorized,
      snippets,
      folders: Object.fromEntries(counts.byFolder),
    };
  }
}
