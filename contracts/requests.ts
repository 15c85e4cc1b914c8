import { z } from 'zod';
import {
  BULK_ACTIONS,
  FOLDER_COLORS,
  MEMBER_ROLES,
  LIMITS,
  LINK_AVAILABILITIES,
  LINK_SORTS,
  LINK_STATES,
  PLATFORMS,
  SNIPPET_COLORS,
  UNCATEGORIZED,
  SIGNUP_MODES,
  TOKEN_SCOPES,
  USER_ROLES,
} from './constants.js';
import { ISO_WEEK_MESSAGE, TIME_ZONE_MESSAGE, isTimeZone, parseIsoWeek } from './iso-weeks.js';
import { PREVIEW_WIDTHS } from './previews.js';
import { httpUrlSchema, idSchema, jsonValueSchema, pageQuerySchema } from './primitives.js';

/** Request bodies and queries of API.md. Unknown fields are refused so typos surface as 400s. */

const linkStateSchema = z.enum(LINK_STATES, { error: `State must be one of ${LINK_STATES.join(', ')}` });
/** The sidebar's Unread, Archive and Favourites, as a query's fields (?state=unread, ?favorite=true). */
const readingFilter = {
  state: linkStateSchema.optional(),
  availability: z
    .enum(LINK_AVAILABILITIES, { error: `Availability must be one of ${LINK_AVAILABILITIES.join(', ')}` })
    .optional(),
  favorite: z
    .stringbool({ truthy: ['true'], falsy: ['false'], error: 'favorite must be true or false' })
    .optional(),
};

/** A tag as given: not blank, at most LIMITS.tag characters once trimmed. */
const tagName = z
  .string()
  .trim()
  .min(1, 'A tag cannot be blank')
  .max(LIMITS.tag, `A tag is at most ${LIMITS.tag} characters`);
const tagList = z.array(tagName).max(LIMITS.tagsPerLink, `A link has at most ${LIMITS.tagsPerLink} tags`);

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.email)
  .pipe(z.email('E-mail must be a valid e-mail address'));
const password = z.string().min(1, 'Password is required').max(LIMITS.passwordMax);
/**
 * A password chosen at sign-up (and any later change): long enough, and not made of spaces or other
 * characters nobody sees (8 spaces, 8 NULs or 8 zero-width spaces are as good as no password).
 */
const newPassword = password
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .refine(
    (value) => !/^[\s\p{Cc}\p{Cf}]*$/u.test(value),
    'Password must not be only spaces or invisible characters',
  );

const displayNameField = z.string().trim().max(LIMITS.name);

/** A one-time link's secret, as the page it opened hands it back. */
const oneTimeSecret = z.string().min(1).max(200);

export const signupBody = z.strictObject({
  name: displayNameField.optional(),
  email,
  password: newPassword,
  /** The secret of an invite link: needed while sign-ups are by invite. */
  invite: oneTimeSecret.optional(),
});
/** POST /api/auth/oidc/start: single sign-on from an invite page carries its invite here, not in a URL. */
export const startSingleSignOnBody = z.strictObject({ invite: oneTimeSecret.optional() }).nullish();
/** POST /api/auth/password-reset: the secret of the reset link an admin made, and the new password. */
export const resetPasswordBody = z.strictObject({ token: oneTimeSecret, newPassword });
/** API.md PATCH /api/admin/users/:id. */
export const updateAdminUserBody = z
  .strictObject({
    role: z.enum(USER_ROLES, { error: `Role must be one of ${USER_ROLES.join(', ')}` }).optional(),
    disabled: z.boolean().optional(),
  })
  .refine(
    (body) => body.role !== undefined || body.disabled !== undefined,
    'Give a role or disabled to change',
  );
/** API.md PATCH /api/admin/settings. */
export const updateInstanceSettingsBody = z.strictObject({
  signups: z.enum(SIGNUP_MODES, { error: `Sign-ups must be one of ${SIGNUP_MODES.join(', ')}` }),
});
export const loginBody = z.strictObject({ email, password });
/** API.md PATCH /api/auth/user: a blank name falls back as at sign-up (SPEC.md §3). */
export const updateUserBody = z
  .strictObject({ name: displayNameField.optional(), email: email.optional() })
  .refine(
    (body) => body.name !== undefined || body.email !== undefined,
    'Give a name or an e-mail to change',
  );
export const changePasswordBody = z.strictObject({ currentPassword: password, newPassword });
export const deleteAccountBody = z.strictObject({ password });
/** API.md POST /api/tokens: scopes ["read"] or ["read", "write"]; without expiresInDays it never expires. */
export const createTokenBody = z.strictObject({
  name: z.string().trim().min(1, 'Give the token a name').max(LIMITS.tokenName),
  scopes: z
    .array(z.enum(TOKEN_SCOPES))
    .refine(
      (scopes) => scopes.includes('read') && new Set(scopes).size === scopes.length,
      'Scopes must be ["read"] or ["read", "write"]',
    ),
  expiresInDays: z.number().int().min(1).max(LIMITS.tokenDays).optional(),
});
/** Optional: the browser sends no body and relies on the refresh cookie (Fastify then sees a null body). */
export const refreshBody = z.strictObject({ refresh_token: z.string().max(200).optional() }).nullish();

const folderName = z.string().trim().min(1, 'Folder name is required').max(LIMITS.folderName);
const folderColor = z.enum(FOLDER_COLORS, {
  error: `Color must be one of ${FOLDER_COLORS.join(', ')}`,
});
/** The folder to sit in; null (or none given at creation) for the top. */
const parentId = idSchema.nullable();
export const createFolderBody = z.strictObject({
  name: folderName,
  color: folderColor,
  parentId: parentId.optional(),
});
export const updateFolderBody = z.strictObject({
  name: folderName.optional(),
  color: folderColor.optional(),
  parentId: parentId.optional(),
});

/** API.md POST /api/folders/:id/members: share the folder with the account of this e-mail. */
const memberRole = z.enum(MEMBER_ROLES, { error: `Role must be one of ${MEMBER_ROLES.join(', ')}` });
export const addMemberBody = z.strictObject({ email, role: memberRole });
export const updateMemberBody = z.strictObject({ role: memberRole });
export const memberParams = z.object({ id: idSchema, userId: idSchema });

const optionalText = (max: number) => z.string().trim().max(max).nullish();

export const createLinkBody = z.strictObject({
  url: httpUrlSchema,
  title: optionalText(LIMITS.title),
  description: optionalText(LIMITS.description),
  folderId: idSchema.nullish(),
  /** API.md "Normalized URL": save a page that is already saved, instead of answering 409. */
  allowDuplicate: z.boolean().optional(),
});
export const updateLinkBody = z.strictObject({
  url: httpUrlSchema.optional(),
  title: z.string().trim().min(1, 'Title is required').max(LIMITS.title).optional(),
  description: optionalText(LIMITS.description),
  folderId: idSchema.nullish(),
  state: linkStateSchema.optional(),
  favorite: z.boolean().optional(),
  readingProgress: z.number().min(0).max(1).optional(),
  /** The link's whole list of tags, replacing the one it has. */
  tags: tagList.optional(),
});
export const listLinksQuery = pageQuerySchema.extend({
  folderId: z.union([z.literal(UNCATEGORIZED), idSchema]).optional(),
  q: z.string().max(LIMITS.searchQuery).optional(),
  url: z.string().max(LIMITS.url).optional(),
  tag: tagName.optional(),
  platform: z.enum(PLATFORMS, { error: `Platform must be one of ${PLATFORMS.join(', ')}` }).optional(),
  sort: z.enum(LINK_SORTS, { error: `Sort must be one of ${LINK_SORTS.join(', ')}` }).default('newest'),
  ...readingFilter,
});

/**
 * API.md POST /api/links/bulk: every link named, or none. Each action names the field it needs; a field
 * it does not use is refused, so that a mistaken request changes nothing rather than something else.
 */
const bulkIds = z
  .array(idSchema)
  .min(1, 'Choose at least one link')
  .max(LIMITS.bulkIds, `At most ${LIMITS.bulkIds} links at once`);
export const bulkLinksBody = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ ids: bulkIds, action: z.literal('move'), folderId: idSchema.nullable() }),
    z.strictObject({ ids: bulkIds, action: z.literal('tag'), tags: tagList.min(1, 'Name a tag') }),
    z.strictObject({ ids: bulkIds, action: z.literal('untag'), tags: tagList.min(1, 'Name a tag') }),
    z.strictObject({ ids: bulkIds, action: z.literal('delete') }),
    z.strictObject({ ids: bulkIds, action: z.literal('state'), state: linkStateSchema }),
    z.strictObject({ ids: bulkIds, action: z.literal('favorite'), favorite: z.boolean() }),
    z.strictObject({ ids: bulkIds, action: z.literal('enrich') }),
    // Their folder suggestions turned down (smart categories): Auto-organise's "Reject all".
    z.strictObject({ ids: bulkIds, action: z.literal('dismiss') }),
  ],
  { error: `Action must be one of ${BULK_ACTIONS.join(', ')}` },
);
export const bulkLinksAnswer = z.object({ updated: z.number().int() });

export const tagParams = z.object({ name: tagName });

/** GET /api/links/:id/preview: one of the kept widths; v (previews.ts previewVersion) only busts caches. */
export const previewQuery = z.object({
  w: z.coerce.number().refine((w) => (PREVIEW_WIDTHS as readonly number[]).includes(w), {
    message: `Width must be one of ${PREVIEW_WIDTHS.join(', ')}`,
  }),
  v: z.string().max(16).optional(),
});
export const renameTagBody = z.strictObject({ name: tagName });

const positionData = jsonValueSchema.refine(
  (v: unknown) => JSON.stringify(v).length <= LIMITS.positionDataBytes,
  `positionData must be at most ${LIMITS.positionDataBytes} bytes of JSON`,
);
export const createSnippetBody = z.strictObject({
  pageUrl: httpUrlSchema,
  selectedText: z.string().min(1, 'selectedText is required').max(LIMITS.selectedText),
  pageTitle: optionalText(LIMITS.title),
  contextBefore: z.string().max(LIMITS.context).nullish(),
  contextAfter: z.string().max(LIMITS.context).nullish(),
  note: z.string().max(LIMITS.note).nullish(),
  color: z.enum(SNIPPET_COLORS, { error: `Color must be one of ${SNIPPET_COLORS.join(', ')}` }).optional(),
  positionData: positionData.nullish(),
  linkId: idSchema.nullish(),
});
/** pageUrl finds the highlights of one page, matched as links' ?url= is (contracts/urls.ts urlKey). */
export const listSnippetsQuery = pageQuerySchema.extend({
  linkId: idSchema.optional(),
  pageUrl: z.string().max(LIMITS.url).optional(),
});
export const updateSnippetBody = z.strictObject({ note: z.string().max(LIMITS.note).nullable() });

export const searchQuery = z.object({
  q: z.string().max(LIMITS.searchQuery).default(''),
  /** all: folders, links (their fields and their pages' text) and snippets; content: links by their text only. */
  scope: z.enum(['all', 'folders', 'content']).default('all'),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  /** Given, only links are searched, and only those with these marks (folders and snippets have none). */
  ...readingFilter,
});

/** An IANA time zone (or an offset like +01:00). */
const timeZoneField = z.string().max(100, TIME_ZONE_MESSAGE).refine(isTimeZone, TIME_ZONE_MESSAGE);

/**
 * GET /api/insights: the week (the last complete one when not given) and the time zone its days are in.
 * No time zone is kept with an account, so the client names its own; UTC otherwise.
 */
export const insightsQuery = z.object({
  week: z
    .string()
    .transform((text, ctx) => {
      const week = parseIsoWeek(text);
      if (week) return week;
      ctx.addIssue({ code: 'custom', message: ISO_WEEK_MESSAGE });
      return z.NEVER;
    })
    .optional(),
  tz: timeZoneField.default('UTC'),
});

/** PATCH /api/insights/delivery: the weekly e-mail on or off, and the zone its Monday is in. */
export const updateInsightDeliveryBody = z
  .strictObject({ weeklyEmail: z.boolean().optional(), timeZone: timeZoneField.optional() })
  .refine(
    (body) => body.weeklyEmail !== undefined || body.timeZone !== undefined,
    'Give weeklyEmail or timeZone to change',
  );

export const idParams = z.object({ id: idSchema });

export type RefreshBody = z.infer<typeof refreshBody>;
export type CreateFolderBody = z.infer<typeof createFolderBody>;
export type UpdateFolderBody = z.infer<typeof updateFolderBody>;
export type AddMemberBody = z.infer<typeof addMemberBody>;
export type UpdateMemberBody = z.infer<typeof updateMemberBody>;
export type CreateLinkBody = z.infer<typeof createLinkBody>;
export type UpdateLinkBody = z.infer<typeof updateLinkBody>;
export type BulkLinksBody = z.infer<typeof bulkLinksBody>;
export type ListLinksQuery = z.infer<typeof listLinksQuery>;
export type CreateSnippetBody = z.infer<typeof createSnippetBody>;
export type ListSnippetsQuery = z.infer<typeof listSnippetsQuery>;
export type SearchQuery = z.infer<typeof searchQuery>;
export type InsightsQuery = z.infer<typeof insightsQuery>;
export type UpdateInsightDeliveryBody = z.infer<typeof updateInsightDeliveryBody>;
