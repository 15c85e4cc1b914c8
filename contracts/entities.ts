import { z } from 'zod';
import {
  ENRICHMENT_FAILURES,
  ENRICHMENT_STATUSES,
  FOLDER_COLORS,
  FOLDER_ROLES,
  LINK_AVAILABILITIES,
  MEMBER_ROLES,
  LINK_STATES,
  PLATFORMS,
  SNIPPET_COLORS,
  SIGNUP_MODES,
  TOKEN_SCOPES,
  USER_ROLES,
} from './constants.js';
import { idSchema, isoDateSchema, jsonValueSchema } from './primitives.js';

/** Entities on the wire (API.md): camelCase names of SPEC.md §3. */

export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  expires_at: z.number().int().describe('Unix seconds'),
  token_type: z.literal('bearer'),
  user: userSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** One of a person's signed-in sessions (API.md GET /api/auth/sessions). */
export const accountSessionSchema = z.object({
  id: idSchema,
  userAgent: z.string().nullable(),
  /** The browser and system the User-Agent names ("Firefox on Windows"), or 'Unknown device'. */
  device: z.string(),
  createdAt: isoDateSchema,
  lastUsedAt: isoDateSchema,
  /** The session the request itself was made with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** A personal API token as listed (API.md GET /api/tokens): never its secret. */
export const apiTokenSchema = z.object({
  id: idSchema,
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdAt: isoDateSchema,
  /** Null: it never expires. */
  expiresAt: isoDateSchema.nullable(),
  lastUsedAt: isoDateSchema.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
/** An account as an admin sees it (API.md GET /api/admin/users). */
export const adminUserSchema = userSchema.extend({
  disabled: z.boolean(),
  createdAt: isoDateSchema,
  linkCount: z.number().int(),
  /** The last time one of its sessions or personal tokens was used; null: never. */
  lastActiveAt: isoDateSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** API.md POST /api/admin/invites and /password-reset: a link that works once, until it expires. */
export const oneTimeLinkSchema = z.object({ url: z.string(), expiresAt: isoDateSchema });
export type OneTimeLink = z.infer<typeof oneTimeLinkSchema>;

/** API.md GET /api/admin/settings; `signupsFromEnvironment`: SIGNUPS is set and decides. */
export const instanceSettingsSchema = z.object({
  signups: z.enum(SIGNUP_MODES),
  signupsFromEnvironment: z.boolean(),
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;

/**
 * How a visitor can get in, before signing in (the sign-in and sign-up forms): whether they may create an
 * account, and whether sign-in goes through the OpenID provider (and only through it).
 */
export const signInOptionsSchema = z.object({
  signups: z.enum(SIGNUP_MODES),
  /** No account exists yet: the first one may always be created, and becomes the admin. */
  firstAccount: z.boolean(),
  oidc: z.boolean(),
  passwordSignIn: z.boolean(),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

/** POST /api/tokens' answer: the only time the secret is shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const folderSchema = z.object({
  id: idSchema,
  name: z.string(),
  color: z.enum(FOLDER_COLORS),
  /** The folder it sits in; null at the top. */
  parentId: idSchema.nullable(),
  createdAt: isoDateSchema,
  /** Its own links. */
  linkCount: z.number().int(),
  /** Its links and its sub-folders' links, all the way down (a member: its own links only). */
  totalCount: z.number().int(),
  /** The caller's part in it: owner, or the role it is shared with them as. */
  role: z.enum(FOLDER_ROLES),
  /** Shared with anyone (the caller's own folder) or with the caller (a folder of someone else's). */
  shared: z.boolean(),
  /**
   * The owner's display name for a folder shared with the caller (their e-mail when they gave no name);
   * null for the caller's own. A shared folder is shown at the top of a member's tree (parentId null):
   * a share covers that one folder, not its sub-folders.
   */
  ownerName: z.string().nullable(),
});
export type Folder = z.infer<typeof folderSchema>;

/**
 * API.md POST /api/folders/:id/public: the address of the folder's public page, shown this once (the
 * server keeps only its hash). Its feed is the same address with /feed.atom after it.
 */
export const publicFolderLinkSchema = z.object({ url: z.string() });
export type PublicFolderLink = z.infer<typeof publicFolderLinkSchema>;

/** GET /api/folders/:id/public: since when the folder has a public page; null when it has none. */
export const publicFolderSchema = z.object({ publishedAt: isoDateSchema.nullable() });
export type PublicFolder = z.infer<typeof publicFolderSchema>;
/** Someone a folder is shared with (API.md GET /api/folders/:id/members); the owner is not listed. */
export const folderMemberSchema = z.object({
  userId: idSchema,
  email: z.string(),
  name: z.string(),
  role: z.enum(MEMBER_ROLES),
  addedAt: isoDateSchema,
});
export type FolderMember = z.infer<typeof folderMemberSchema>;

/** Why a link's last enrichment attempt failed: a reason to act on and its words for a person. */
export const enrichmentErrorSchema = z.object({
  reason: z.enum(ENRICHMENT_FAILURES),
  message: z.string().describe('e.g. "The site refused the request (403)", "No such site", "Timed out"'),
});
export type EnrichmentError = z.infer<typeof enrichmentErrorSchema>;

export const linkSchema = z.object({
  id: idSchema,
  url: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  folderId: idSchema.nullable(),
  favicon: z.string().nullable(),
  createdAt: isoDateSchema,
  summaryShort: z.string().nullable(),
  summaryLong: z.string().nullable(),
  keyPoints: z.array(z.string()),
  highlights: z.array(z.string()),
  tags: z.array(z.string()),
  ogTitle: z.string().nullable(),
  ogDescription: z.string().nullable(),
  ogImageUrl: z.string().nullable(),
  lastProcessedAt: isoDateSchema.nullable(),
  snippetCount: z.number().int(),
  platform: z.enum(PLATFORMS),
  platformMetadata: z.record(z.string(), jsonValueSchema),
  extractionMethod: z.string().nullable(),
  enrichmentStatus: z.enum(ENRICHMENT_STATUSES),
  /** Attempts made so far: 0 until the first, then the attempt under way or last made. */
  enrichmentAttempts: z.number().int(),
  /** When the next attempt is due while a retry is scheduled (status queued after a failure), else null. */
  enrichmentRetryAt: isoDateSchema.nullable(),
  /** Why the last attempt failed; null before any failure and after a success. */
  enrichmentError: enrichmentErrorSchema.nullable(),
  state: z.enum(LINK_STATES),
  favorite: z.boolean(),
  /** How far the person has read it in the reader, 0 to 1. */
  readingProgress: z.number().min(0).max(1),
  /** Whether a page of it is kept to read (GET /api/links/:id/content and /archive answer). */
  contentAvailable: z.boolean(),
  /** Whether the page is still there, as the last checks found; broken after several found it gone. */
  availability: z.enum(LINK_AVAILABILITIES),
  checkedAt: isoDateSchema.nullable(),
  /**
   * The folder Linkvault suggests for a link in no folder (smart categories): one of the person's own
   * folders, never moved there without their consent; null when there is none to suggest.
   */
  suggestedFolderId: idSchema.nullable(),
  /**
   * It sits in a shared folder: one of the caller's folders shared with someone, or a folder shared with
   * the caller (then it is the folder owner's link; its folder's `role` says what the caller may do).
   * Reading marks (state, favourite, progress) are the link's, so every member sees the same.
   */
  shared: z.boolean(),
});
export type Link = z.infer<typeof linkSchema>;

/**
 * POST /api/links/organise (Auto-organise): the newest Uncategorized links (at most `considered`) that
 * now carry a folder suggestion, newest first; `more` when older ones were not looked at.
 */
export const organiseAnswerSchema = z.object({
  items: z.array(linkSchema),
  considered: z.number().int(),
  more: z.boolean(),
});
export type OrganiseAnswer = z.infer<typeof organiseAnswerSchema>;

/** A saved page as the reader shows it (API.md "Reading, organising and finding"); html is sanitized. */
export const linkContentSchema = z.object({
  linkId: idSchema,
  title: z.string(),
  byline: z.string().nullable(),
  siteName: z.string().nullable(),
  language: z.string().describe('ISO 639-1, as detected in the text'),
  wordCount: z.number().int(),
  readingMinutes: z.number().int(),
  html: z.string(),
  text: z.string(),
  fetchedAt: isoDateSchema,
});
export type LinkContent = z.infer<typeof linkContentSchema>;

export const snippetSchema = z.object({
  id: idSchema,
  userId: idSchema,
  linkId: idSchema.nullable(),
  pageUrl: z.string(),
  pageTitle: z.string().nullable(),
  selectedText: z.string(),
  contextBefore: z.string().nullable(),
  contextAfter: z.string().nullable(),
  note: z.string().nullable(),
  color: z.enum(SNIPPET_COLORS),
  positionData: jsonValueSchema.nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Snippet = z.infer<typeof snippetSchema>;

export const statsSchema = z.object({
  links: z.number().int(),
  uncategorized: z.number().int(),
  snippets: z.number().int(),
  folders: z.record(z.string(), z.number().int()),
});
export type Stats = z.infer<typeof statsSchema>;

/** Where a link found by the words of its kept page matched: an excerpt, the matched words marked. */
export const contentMatchSchema = z.object({
  field: z.literal('content'),
  excerpt: z.string(),
  /** [start, end) of each matched word in the excerpt, in order. */
  marks: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type ContentMatch = z.infer<typeof contentMatchSchema>;

/** A link in search results: found by its fields, or by its page's text (then with `match`). */
export const foundLinkSchema = linkSchema.extend({ match: contentMatchSchema.optional() });
export type FoundLink = z.infer<typeof foundLinkSchema>;

/** GET /api/tags: a tag and how many of the person's links carry it. */
export const tagSchema = z.object({ name: z.string(), count: z.number().int() });
export type Tag = z.infer<typeof tagSchema>;

/** A number of links, by what they share (a day, a folder, a platform, a tag). */
const count = z.number().int();
const tagCountSchema = z.object({ tag: z.string(), count });

/**
 * API.md GET /api/insights: one ISO week of a person's library. Days are the week's dates in the time zone
 * asked for (UTC by default); "read" counts the links marked read or archived that week.
 */
export const insightsSchema = z.object({
  week: z.string().describe('ISO week, e.g. 2026-W47'),
  saved: count,
  byDay: z.array(z.object({ date: z.string().describe('YYYY-MM-DD'), count })),
  byFolder: z.array(z.object({ folderId: idSchema.nullable(), name: z.string(), count })),
  byPlatform: z.array(z.object({ platform: z.enum(PLATFORMS), count })),
  /** The ten tags the week's links carry most. */
  topTags: z.array(tagCountSchema),
  /** Tags no link saved before the week carries. */
  newTags: z.array(tagCountSchema),
  read: count,
  /** Of the week's links, how many are still unread now. */
  unread: count,
  /** A few links saved before the week that share its tags. */
  rediscover: z.array(linkSchema),
  /** The week's newest links. */
  digest: z.array(z.object({ linkId: idSchema, title: z.string(), summaryShort: z.string().nullable() })),
});
export type Insights = z.infer<typeof insightsSchema>;

/**
 * GET/PATCH /api/insights/delivery: how the weekly insight report reaches its person besides the page.
 * The e-mail can be turned on only where the server sends mail (SMTP_URL); the feed's URL is shown once,
 * when made (POST /api/insights/feed), as only its hash is kept.
 */
export const insightDeliverySchema = z.object({
  weeklyEmail: z.boolean().describe('Whether the report is mailed every Monday'),
  emailAvailable: z.boolean().describe('Whether this server sends e-mail at all (SMTP_URL is set)'),
  timeZone: z.string().describe('When Monday begins, and which week a report covers'),
  /** When the next weekly mail is due (its Monday's midnight in timeZone); null while the e-mail is off. */
  nextMailAt: isoDateSchema.nullable(),
  feed: z.boolean().describe('Whether a private feed URL exists'),
});
export type InsightDelivery = z.infer<typeof insightDeliverySchema>;

/** POST /api/insights/feed's answer: the private feed's URL, the only time it is shown. */
export const insightFeedSchema = z.object({ url: z.string() });
export type InsightFeed = z.infer<typeof insightFeedSchema>;

export const searchResultSchema = z.object({
  folders: z.array(folderSchema),
  links: z.array(foundLinkSchema),
  snippets: z.array(snippetSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
