import {
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
} from 'kysely';
import type { Dialect } from './database.js';
import * as initial from './migrations/0001_initial.js';
import * as userTags from './migrations/0002_user_tags.js';
import * as libraryCounts from './migrations/0003_library_counts.js';
import * as oauth from './migrations/0004_oauth.js';
import * as searchUpkeep from './migrations/0005_search_upkeep.js';
import * as batchedLinkCounts from './migrations/0006_batched_link_counts.js';
import * as imports from './migrations/0007_imports.js';
import * as enrichmentProgress from './migrations/0008_enrichment_progress.js';
import * as refreshSuccessor from './migrations/0009_refresh_successor.js';
import * as readingStates from './migrations/0010_reading_states.js';
import * as linkContents from './migrations/0011_link_contents.js';
import * as contentSearch from './migrations/0012_content_search.js';
import * as linkAvailability from './migrations/0013_link_availability.js';
import * as contentBackfill from './migrations/0014_content_backfill.js';
import * as recentContentSearch from './migrations/0015_recent_content_search.js';
import * as recentContentScores from './migrations/0016_recent_content_scores.js';
import * as organising from './migrations/0017_organising.js';
import * as linkPreviews from './migrations/0018_link_previews.js';
import * as bulkUpdateRoom from './migrations/0019_bulk_update_room.js';
import * as linkSearchFields from './migrations/0020_link_search_fields.js';
import * as partialIndexes from './migrations/0021_partial_indexes.js';
import * as sessionDevices from './migrations/0022_session_devices.js';
import * as apiTokens from './migrations/0023_api_tokens.js';
import * as administration from './migrations/0024_administration.js';
import * as readAt from './migrations/0025_read_at.js';
import * as folderMembers from './migrations/0026_folder_members.js';
import * as publicFolders from './migrations/0027_public_folders.js';
import * as insightDelivery from './migrations/0028_insight_delivery.js';
import * as folderSuggestions from './migrations/0029_folder_suggestions.js';
import * as tagCounts from './migrations/0030_tag_counts.js';
import type { DB } from './schema.js';

/** Append-only list (DESIGN.md "Habits"): a new database and an old one reach the same schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against no fixed schema type
const MIGRATIONS: Record<string, { up(db: Kysely<any>, dialect: Dialect): Promise<void> }> = {
  '0001_initial': initial,
  '0002_user_tags': userTags,
  '0003_library_counts': libraryCounts,
  '0004_oauth': oauth,
  '0005_search_upkeep': searchUpkeep,
  '0006_batched_link_counts': batchedLinkCounts,
  '0007_imports': imports,
  '0008_enrichment_progress': enrichmentProgress,
  '0009_refresh_successor': refreshSuccessor,
  '0010_reading_states': readingStates,
  '0011_link_contents': linkContents,
  '0012_content_search': contentSearch,
  '0013_link_availability': linkAvailability,
  '0014_content_backfill': contentBackfill,
  '0015_recent_content_search': recentContentSearch,
  '0016_recent_content_scores': recentContentScores,
  '0017_organising': organising,
  '0018_link_previews': linkPreviews,
  '0019_bulk_update_room': bulkUpdateRoom,
  '0020_link_search_fields': linkSearchFields,
  '0021_partial_indexes': partialIndexes,
  '0022_session_devices': sessionDevices,
  '0023_api_tokens': apiTokens,
  '0024_administration': administration,
  '0025_read_at': readAt,
  '0026_folder_members': folderMembers,
  '0027_public_folders': publicFolders,
  '0028_insight_delivery': insightDelivery,
  '0029_folder_suggestions': folderSuggestions,
  '0030_tag_counts': tagCounts,
};

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    const entries = Object.entries(MIGRATIONS).map(([name, m]): [string, Migration] => [
      name,
      { up: (db) => m.up(db, this.dialect) },
    ]);
    return Promise.resolve(Object.fromEntries(entries));
  }
}

/** Runs at start-up; Kysely's migrator takes a lock so several processes may start at once. */
export async function migrateToLatest(db: Kysely<DB>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  throwOnFailure(await migrator.migrateToLatest());
}

/** Up to the migration named and no further: how a test builds the rows a later migration must carry over. */
export async function migrateTo(db: Kysely<DB>, dialect: Dialect, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  throwOnFailure(await migrator.migrateTo(name));
}

function throwOnFailure({ error, results }: MigrationResultSet): void {
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
