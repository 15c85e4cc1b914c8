import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { MemberRole, UserRole } from '../../contracts/index.js';

/**
 * Table types for Kysely. Column names are the snake_case names of SPEC.md §3.
 * Times are ISO-8601 strings on both engines (PostgreSQL timestamptz is parsed to ISO in database.ts);
 * JSON columns hold JSON text on both, so one code path reads and writes them.
 */
type Time = string;
type Json = string;
type Seq = ColumnType<number, never, never>;

export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  password_hash: string;
  created_at: Time;
  /** 'admin' or 'user' (migration 0024): the first account is the admin. */
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  /** Set while an admin has the account disabled: none of its sessions or tokens works. */
  disabled_at: ColumnType<Time | null, Time | null | undefined, Time | null>;
}

export interface AuthSessionsTable {
  id: string;
  user_id: string;
  created_at: Time;
  last_used_at: Time;
  revoked_at: Time | null;
  /** The User-Agent the sign-in came with (migration 0022), cut to LIMITS.userAgent. */
  user_agent: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: Time;
  expires_at: Time;
  rotated_at: Time | null;
  /**
   * The pair its rotation issued, sealed under the token itself (migration 0009). Kept past the grace until
   * the session's next rotation clears it; unreadable without the token, which the database never holds.
   */
  successor_sealed: string | null;
}

export interface AccessTokensTable {
  token_hash: string;
  user_id: string;
  session_id: string | null;
  scopes: string | null;
  expires_at: Time;
  created_at: Time;
  /** Set for an assistant's OAuth token: its grant, and the resource (RFC 8707) it may be used at. */
  grant_id: string | null;
  audience: string | null;
}

/** A personal API token (migration 0023): its secret's hash only; scopes 'read' or 'read write'. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  scopes: string;
  created_at: Time;
  expires_at: Time | null;
  last_used_at: Time | null;
}

/** Settings of the whole instance, one row each (migration 0024): 'signups' is open, invite or closed. */
export interface InstanceSettingsTable {
  key: string;
  value: string;
}

/** An invite or a password-reset link an admin made (migration 0024): its secret's hash only, used once. */
export interface OneTimeLinksTable {
  id: string;
  kind: 'invite' | 'reset';
  token_hash: string;
  user_id: string | null;
  created_by: string;
  created_at: Time;
  expires_at: Time;
  used_at: Time | null;
}

/** An account's sign-in at an OpenID provider (migration 0024): the issuer's stable subject. */
export interface OidcIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: Time;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface FoldersTable {
  seq: Seq;
  id: string;
  user_id: string;
  name: string;
  color: string;
  /** The folder it sits in; null at the top (migration 0017). */
  parent_id: string | null;
  created_at: Time;
}

/** A folder published as a public page and feed (migration 0027): its token's hash only, one per folder. */
export interface PublicFoldersTable {
  folder_id: string;
  token_hash: string;
  created_at: Time;
}

/** Who a folder is shared with (migration 0026); its owner is folders.user_id and has no row. */
export interface FolderMembersTable {
  folder_id: string;
  user_id: string;
  /** contracts MEMBER_ROLES: 'editor' or 'viewer'. */
  role: MemberRole;
  added_at: Time;
}

export interface LinksTable {
  seq: Seq;
  id: string;
  user_id: string;
  folder_id: string | null;
  url: string;
  url_key: string;
  title: string;
  description: string | null;
  favicon: string | null;
  summary_short: string | null;
  summary_long: string | null;
  key_points: Json;
  highlights: Json;
  tags: Json;
  og_title: string | null;
  og_description: string | null;
  og_image_url: string | null;
  last_processed_at: Time | null;
  platform: string;
  platform_metadata: Json;
  extraction_method: string | null;
  enrichment_status: string;
  /** Attempts made by the link's enrichment job so far (shown after the first). */
  enrichment_attempts: number;
  /** When the next attempt is due, while a retry is scheduled. */
  enrichment_retry_at: Time | null;
  /** Why the last attempt failed: JSON {reason, message} (contracts EnrichmentError); null after success. */
  enrichment_error: Json | null;
  /** unread, read or archived (API.md "Reading, organising and finding"). */
  state: string;
  /** 0 or 1: an integer on both engines, so one code path writes it (better-sqlite3 cannot bind booleans). */
  favorite: number;
  /** How far the reader got, 0 to 1 (migration 0010). */
  reading_progress: number;
  /** When the link left unread, for read or archived; null while unread (migration 0025). */
  read_at: Time | null;
  /** unknown, ok or broken (migration 0013, availability/). */
  availability: string;
  /** When the page was last checked for availability; null: never. */
  checked_at: Time | null;
  /** Checks in a row that found the page gone (404, 410, no such host). */
  gone_checks: number;
  /** The folder Linkvault suggests for it while it is in none (migration 0029, organise/). */
  suggested_folder_id: string | null;
  /** The suggestion its person turned down: never suggested for it again. */
  dismissed_folder_id: string | null;
  created_at: Time;
  updated_at: Time;
}

/** A fetched page as kept to read and search later (migration 0011); the three texts are packed (lib/packed-text.ts). */
export interface LinkContentsTable {
  link_id: string;
  html: Uint8Array;
  text: Uint8Array;
  archive: Uint8Array;
  byline: string | null;
  site_name: string | null;
  language: string;
  word_count: number;
  reading_minutes: number;
  fetched_at: Time;
}

/**
 * PostgreSQL only: a kept page's words for full-text search, with the link's person and date for the
 * index (migration 0015; SQLite has link_contents_fts).
 */
export interface LinkContentsSearchTable {
  link_id: string;
  user_id: string;
  link_created_at: Time;
  words: ColumnType<never, string, string>;
}

/**
 * PostgreSQL only (migration 0020): a copy of a link's searched fields, for their trigram indexes, written
 * by triggers on links and never by the code.
 */
export interface LinkSearchFieldsTable {
  link_id: ColumnType<string, never, never>;
  title: ColumnType<string, never, never>;
  url: ColumnType<string, never, never>;
  description: ColumnType<string | null, never, never>;
}

/** A link's preview image at one width, or a failed attempt at one (migration 0018; contracts/previews.ts). */
export interface LinkPreviewsTable {
  link_id: string;
  width: number;
  source_url: string;
  content_type: string | null;
  image: Uint8Array | null;
  made_at: Time;
}

export interface SnippetsTable {
  seq: Seq;
  id: string;
  user_id: string;
  link_id: string | null;
  page_url: string;
  page_url_key: string;
  page_title: string | null;
  selected_text: string;
  context_before: string | null;
  context_after: string | null;
  note: string | null;
  color: string;
  position_data: Json | null;
  created_at: Time;
  updated_at: Time;
}

export interface LinkIngestJobsTable {
  id: string;
  link_id: string;
  user_id: string;
  status: string;
  scheduled_at: Time;
  attempts: Generated<number>;
  lease_until: Time | null;
  last_error: string | null;
  /** JOB_PRIORITY: a person's own fresh saves before imported backlogs (DESIGN.md "Jobs"). */
  priority: ColumnType<number, number | undefined, number>;
  /** A backlog job's turn: users' backlogs interleave in rank order (queue/ingest-queue.ts). */
  rank: ColumnType<number, number | undefined, number>;
  /** JobKind: a whole enrichment, or the page fetched again only to be kept (migration 0014). */
  kind: ColumnType<string, string | undefined, string>;
  created_at: Time;
  updated_at: Time;
}

export interface OAuthAppsTable {
  client_id: string;
  name: string;
  redirect_uris: Json;
  created_at: Time;
  kind: ColumnType<OAuthClientKind, OAuthClientKind | undefined, OAuthClientKind>;
  fetched_at: Time | null;
}
/** RFC 7591 registration, or a Client ID Metadata Document fetched from the client_id URL. */
export type OAuthClientKind = 'registered' | 'metadata_document';

/** An authorization request between GET /oauth/authorize and the consent decision (SPEC.md §3). */
export interface OAuthRequestsTable {
  session_hash: string;
  client_id: string;
  redirect_uri: string;
  response_type: string;
  code_challenge: string;
  code_challenge_method: string;
  scopes: string;
  state: string | null;
  resource: string;
  user_id: string | null;
  created_at: Time;
  expires_at: Time;
}

export interface OAuthGrantsTable {
  id: string;
  user_id: string;
  client_id: string;
  scopes: string;
  resource: string;
  created_at: Time;
  last_used_at: Time | null;
  revoked_at: Time | null;
}

export interface OAuthCodesTable {
  code_hash: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  code_challenge: string;
  scopes: string;
  resource: string;
  expires_at: Time;
  used_at: Time | null;
  grant_id: string | null;
}

export interface OAuthRefreshTokensTable {
  token_hash: string;
  grant_id: string;
  created_at: Time;
  expires_at: Time;
  rotated_at: Time | null;
}

export interface OAuthConsentsTable {
  user_id: string;
  client_id: string;
  scopes: string;
  updated_at: Time;
}

export interface UserTagsTable {
  user_id: string;
  tag: string;
}

/** Each tag's number of links per person, kept by triggers on link_tags (migration 0030), in shards. */
export interface TagCountsTable {
  user_id: string;
  tag_key: string;
  shard: number;
  /** The least spelling written in this shard (min(tag), as the Tags page shows it). */
  name: string;
  links: number;
}

/** Each link's tags, one row each: the index of links.tags for ?tag= and the Tags page (migration 0017). */
export interface LinkTagsTable {
  link_id: string;
  user_id: string;
  /** lib/tags.ts tagKey: the tag without case. */
  tag_key: string;
  /** As the link spells it. */
  tag: string;
}

/**
 * Kept by triggers (migrations/0003): a count is the sum of its shard rows. folder_key is the folder's
 * id, or UNCATEGORIZED_FOLDER_KEY.
 */
export interface LinkCountsTable {
  user_id: string;
  folder_key: string;
  shard: number;
  links: number;
}
export const UNCATEGORIZED_FOLDER_KEY = '';

/**
 * How much of a ranked field (a link's title, a snippet's text) its PostgreSQL prefix index holds
 * (migrations/0005): "starts with" queries must name the same expression for the index to serve them.
 * Migrations keep their own copy, frozen as they ran; search/substring.test.ts checks the two agree.
 */
export const RANKED_PREFIX_CHARS = 64;

export interface SnippetCountsTable {
  user_id: string;
  shard: number;
  snippets: number;
}

/** An import (API.md "Import and export"): a job in the database, so a restart resumes it. */
export interface ImportsTable {
  id: string;
  user_id: string;
  status: string;
  format: string;
  file_name: string;
  file_size: number;
  /** Every entry goes to this folder (the folderId field of the upload); null: the file's own folders. */
  folder_id: string | null;
  /** 1: imported links are enriched; 0: only what the file says is kept. */
  enrich: number;
  total: number | null;
  processed: number;
  created: number;
  merged: number;
  skipped: number;
  /** How many of the file's items (entries and folders) have been written: where a resumed import goes on. */
  cursor: number;
  error: string | null;
  lease_until: Time | null;
  created_at: Time;
  updated_at: Time;
  finished_at: Time | null;
}

/** The uploaded file, in pieces, until its import ends: any process can resume the import from it. */
export interface ImportChunksTable {
  import_id: string;
  seq: number;
  data: Uint8Array;
}

export interface ImportSkipsTable {
  import_id: string;
  seq: number;
  position: string;
  url: string | null;
  reason: string;
}

/** A person's choices for the weekly insight report's delivery (migration 0028). */
export interface InsightDeliveryTable {
  user_id: string;
  /** 0 or 1: whether the weekly e-mail is on. */
  weekly_email: Generated<number>;
  /** An IANA zone (or an offset): when the person's Monday begins, and which week a report covers. */
  time_zone: Generated<string>;
  /** When the next weekly mail is due; null while the e-mail is off. */
  next_mail_at: Time | null;
  /** SHA-256 of the private Atom feed's token (lvi_…); null: no feed. */
  feed_token_hash: string | null;
  updated_at: Time;
}

/** One person's weekly mail of one week: pending until sent, skipped, failed or cancelled (migration 0028). */
export interface InsightMailsTable {
  id: string;
  user_id: string;
  /** The ISO week the mail reports, 2026-W10. */
  week: string;
  status: 'pending' | 'sent' | 'skipped' | 'failed' | 'cancelled';
  attempts: Generated<number>;
  /** When a pending mail is next tried; pushed ahead while an attempt holds it (its lease). */
  due_at: Time;
  /** SHA-256 of the unsubscribe token (lvu_…) of the mail last sent or being sent. */
  unsubscribe_hash: string | null;
  last_error: string | null;
  created_at: Time;
  sent_at: Time | null;
}

export interface DB {
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  access_tokens: AccessTokensTable;
  api_tokens: ApiTokensTable;
  instance_settings: InstanceSettingsTable;
  one_time_links: OneTimeLinksTable;
  oidc_identities: OidcIdentitiesTable;
  rate_limits: RateLimitsTable;
  folders: FoldersTable;
  public_folders: PublicFoldersTable;
  folder_members: FolderMembersTable;
  links: LinksTable;
  link_contents: LinkContentsTable;
  link_contents_search: LinkContentsSearchTable;
  link_previews: LinkPreviewsTable;
  link_search_fields: LinkSearchFieldsTable;
  snippets: SnippetsTable;
  link_ingest_jobs: LinkIngestJobsTable;
  oauth_apps: OAuthAppsTable;
  oauth_requests: OAuthRequestsTable;
  oauth_grants: OAuthGrantsTable;
  oauth_codes: OAuthCodesTable;
  oauth_refresh_tokens: OAuthRefreshTokensTable;
  oauth_consents: OAuthConsentsTable;
  user_tags: UserTagsTable;
  link_tags: LinkTagsTable;
  tag_counts: TagCountsTable;
  link_counts: LinkCountsTable;
  snippet_counts: SnippetCountsTable;
  imports: ImportsTable;
  import_chunks: ImportChunksTable;
  import_skips: ImportSkipsTable;
  insight_delivery: InsightDeliveryTable;
  insight_mails: InsightMailsTable;
}

/** Repositories take either the database or a transaction, so a service can group calls in one. */
export type Executor = Kysely<DB> | Transaction<DB>;
