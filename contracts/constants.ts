/** Business constants of SPEC.md §3 and §9, shared by server, web app and extension. */

export const FOLDER_COLORS = [
  'blue',
  'green',
  'purple',
  'red',
  'yellow',
  'indigo',
  'pink',
  'orange',
] as const;
export type FolderColor = (typeof FOLDER_COLORS)[number];

export const SNIPPET_COLORS = ['yellow', 'green', 'blue', 'pink', 'purple'] as const;
export type SnippetColor = (typeof SNIPPET_COLORS)[number];
export const DEFAULT_SNIPPET_COLOR: SnippetColor = 'yellow';

export const PLATFORMS = ['instagram', 'twitter', 'youtube', 'linkedin', 'generic'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const ENRICHMENT_STATUSES = ['queued', 'processing', 'enriched', 'failed', 'none'] as const;
export type EnrichmentStatus = (typeof ENRICHMENT_STATUSES)[number];
/** Attempts an enrichment job makes before it fails for good (backoff between them: DESIGN.md "Jobs"). */
export const ENRICHMENT_MAX_ATTEMPTS = 5;
/**
 * Why enrichment failed: the site refused the request (a 4xx such as 403 or 429), the page is
 * gone (404, 410), the site failed (5xx), no such site (DNS), the site could not be reached, timed out,
 * not a web page, an address Linkvault does not fetch (private, with credentials), or a page it could
 * not read.
 */
export const ENRICHMENT_FAILURES = [
  'refused',
  'gone',
  'site_error',
  'no_such_site',
  'unreachable',
  'timed_out',
  'not_web_page',
  'not_allowed',
  'unreadable',
] as const;
export type EnrichmentFailure = (typeof ENRICHMENT_FAILURES)[number];

/** API.md "Reading, organising and finding": a link is unread when saved. */
export const LINK_STATES = ['unread', 'read', 'archived'] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** API.md: whether a saved page is still there; broken after several checks in a row found it gone. */
export const LINK_AVAILABILITIES = ['unknown', 'ok', 'broken'] as const;
export type LinkAvailability = (typeof LINK_AVAILABILITIES)[number];

export const JOB_STATUSES = ['queued', 'running', 'success', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** SPEC.md §4: job status maps to link status. */
export const LINK_STATUS_FOR_JOB: Record<JobStatus, EnrichmentStatus> = {
  queued: 'queued',
  running: 'processing',
  success: 'enriched',
  failed: 'failed',
};

export const OAUTH_SCOPES = ['read:folders', 'read:links'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/**
 * A personal API token's scopes (API.md "Accounts, tokens and administration"): read is every GET of the
 * library; write adds every change to it. Neither reaches account, token or admin routes.
 */
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** API.md: a user's role; the first account is the admin. */
export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/**
 * A person's part in a folder (API.md "Sharing and insights"): its owner, or a member it is shared with.
 * A viewer reads its links; an editor also adds, edits, moves and removes them; only the owner renames,
 * shares or deletes it.
 */
export const FOLDER_ROLES = ['owner', 'editor', 'viewer'] as const;
export type FolderRole = (typeof FOLDER_ROLES)[number];
/** The roles a folder can be shared with. */
export const MEMBER_ROLES = ['editor', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
/** Who may create an account (Admin → Sign-ups; the SIGNUPS environment variable overrides it). */
export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];
/** The prefix of a personal API token's secret (server/lib/secrets.ts newSecret). */
export const PERSONAL_TOKEN_PREFIX = 'lvp';
/** SPEC.md §2 /oauth/consent: what each scope lets an assistant see. */
export const OAUTH_SCOPE_DESCRIPTIONS: Record<OAuthScope, string> = {
  'read:folders': 'View your folders and their names',
  'read:links': 'View your saved links, including summaries and AI-generated insights',
};
/** SPEC.md §9. */
export const DEFAULT_OAUTH_APP_NAME = 'Unknown Application';
export const DEFAULT_CODE_CHALLENGE_METHOD = 'S256';

/** API.md "Conventions": list paging. */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;

/** SPEC.md §9 and API.md "Accounts and sessions". */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * A cookie pages can read, holding no secret ("1"), set and cleared with the httpOnly refresh cookie: the
 * web app asks for a session only while it is there, and once in a browser that has never asked (before
 * it, every signed-out page logged a failed refresh).
 */
export const SESSION_HINT_COOKIE = 'lv_session';
/**
 * Why a sign-in through the OpenID provider failed, for the sign-in page to say: the callback can only
 * redirect, and a message in the URL would let anyone put words on our page; a cookie only we set cannot.
 */
export const SIGNIN_ERROR_COOKIE = 'lv_signin_error';
/**
 * A refresh carrying this header ("1") and no refresh token at all is answered 204, not 401. The web app
 * asks with it, since it may ask without knowing of a session (a first visit, a browser signed in before
 * the hint existed, a hint that outlived its cookie): a signed-out page then logs no failed request.
 */
export const SESSION_PROBE_HEADER = 'x-session-probe';

export const UNCATEGORIZED = 'uncategorized';
export const DEFAULT_DISPLAY_NAME = 'User';
export const UNTITLED_LINK = 'Untitled Link';
export const NOT_AUTHENTICATED_MESSAGE = 'User not authenticated';

/** Field size caps: large enough for real pages, small enough that nobody fills the database through one row. */
export const LIMITS = {
  url: 4096,
  title: 500,
  description: 5000,
  folderName: 100,
  note: 10_000,
  selectedText: 20_000,
  context: 2000,
  positionDataBytes: 20_000,
  name: 200,
  email: 320,
  passwordMin: 8,
  passwordMax: 1024,
  searchQuery: 200,
  /** A tag as a person writes it (server/lib/tags.ts cleans it to this). */
  tag: 64,
  tagsPerLink: 50,
  /** POST /api/links/bulk (API.md). */
  bulkIds: 1000,
  /** A session's User-Agent as kept (Settings → Account); real ones are a few hundred characters. */
  userAgent: 512,
  tokenName: 100,
  /** A personal API token lives at most ten years. */
  tokenDays: 3650,
} as const;

/** The orders a list of links comes in (API.md ?sort=). */
export const LINK_SORTS = ['newest', 'oldest', 'title'] as const;
export type LinkSort = (typeof LINK_SORTS)[number];
/** What POST /api/links/bulk does to every link it names (API.md). */
export const BULK_ACTIONS = [
  'move',
  'tag',
  'untag',
  'delete',
  'state',
  'favorite',
  'enrich',
  'dismiss',
] as const;
