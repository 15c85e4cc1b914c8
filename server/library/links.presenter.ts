import type {
  EnrichmentError,
  EnrichmentStatus,
  Link,
  LinkAvailability,
  LinkState,
  Platform,
} from '../../contracts/index.js';
import { readJson } from '../lib/json-column.js';
import type { LinkRecord } from './links.repository.js';

/** A link as the API shows it, from its row and what its list query counted beside it. */
export const presentLink = (row: LinkRecord): Link => ({
  id: row.id,
  url: row.url,
  title: row.title,
  description: row.description,
  folderId: row.folder_id,
  favicon: row.favicon,
  createdAt: row.created_at,
  summaryShort: row.summary_short,
  summaryLong: row.summary_long,
  keyPoints: readJson<string[]>(row.key_points, []),
  highlights: readJson<string[]>(row.highlights, []),
  tags: readJson<string[]>(row.tags, []),
  ogTitle: row.og_title,
  ogDescription: row.og_description,
  ogImageUrl: row.og_image_url,
  lastProcessedAt: row.last_processed_at,
  snippetCount: Number(row.snippet_count),
  platform: row.platform as Platform,
  platformMetadata: readJson<Record<string, never>>(row.platform_metadata, {}),
  extractionMethod: row.extraction_method,
  enrichmentStatus: row.enrichment_status as EnrichmentStatus,
  enrichmentAttempts: Number(row.enrichment_attempts),
  enrichmentRetryAt: row.enrichment_retry_at,
  enrichmentError: readJson<EnrichmentError | null>(row.enrichment_error, null),
  state: row.state as LinkState,
  favorite: row.favorite === 1,
  readingProgress: Number(row.reading_progress),
  contentAvailable: Boolean(row.content_available),
  availability: row.availability as LinkAvailability,
  checkedAt: row.checked_at,
  // A link filed meanwhile (an import's merge) shows no suggestion, whatever its row still holds.
  suggestedFolderId: row.folder_id === null ? row.suggested_folder_id : null,
  shared: Boolean(row.shared),
});
