import { z } from 'zod';
import {
  accountSessionSchema,
  adminUserSchema,
  apiTokenSchema,
  createdApiTokenSchema,
  folderMemberSchema,
  folderSchema,
  insightDeliverySchema,
  insightFeedSchema,
  insightsSchema,
  instanceSettingsSchema,
  linkContentSchema,
  linkSchema,
  oneTimeLinkSchema,
  publicFolderLinkSchema,
  publicFolderSchema,
  organiseAnswerSchema,
  searchResultSchema,
  sessionSchema,
  signInOptionsSchema,
  snippetSchema,
  statsSchema,
  tagSchema,
  userSchema,
} from './entities.js';
import { exportQuery, importSchema } from './imports.js';
import {
  bindAuthorizationBody,
  clientIdParams,
  decideAuthorizationBody,
  oauthClientSchema,
  oauthConnectionSchema,
  redirectResponse,
  resumeAuthorizationQuery,
} from './oauth.js';
import { pageOf } from './primitives.js';
import {
  addMemberBody,
  bulkLinksAnswer,
  bulkLinksBody,
  changePasswordBody,
  createFolderBody,
  createLinkBody,
  createSnippetBody,
  createTokenBody,
  deleteAccountBody,
  idParams,
  insightsQuery,
  updateInsightDeliveryBody,
  listLinksQuery,
  listSnippetsQuery,
  previewQuery,
  loginBody,
  memberParams,
  refreshBody,
  renameTagBody,
  resetPasswordBody,
  searchQuery,
  startSingleSignOnBody,
  signupBody,
  tagParams,
  updateAdminUserBody,
  updateFolderBody,
  updateInstanceSettingsBody,
  updateLinkBody,
  updateMemberBody,
  updateSnippetBody,
  updateUserBody,
} from './requests.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One call of the API (API.md) as server and clients both know it: where it is, what it takes, and what
 * each of its successful answers holds, by status. Errors are API.md's one shape, on every route.
 */
export interface Route {
  method: Method;
  /** With `:name` for each of `params`. */
  path: string;
  params?: z.ZodType<Record<string, string>>;
  query?: z.ZodType;
  /** Absent for a body the route reads itself (an upload's multipart form). */
  body?: z.ZodType;
  /** How the body is sent: JSON unless 'form' (application/x-www-form-urlencoded, each value a string). */
  encoding?: 'form';
  answers: Partial<Record<200 | 201 | 202 | 204, z.ZodType>>;
}

const route = <const R extends Route>(spec: R): R => spec;
const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
const noContent = z.null();

/** Every JSON call of the API that Linkvault's own clients make; a new one is declared here, once. */
export const routes = {
  signup: route({
    method: 'POST',
    path: '/api/auth/signup',
    body: signupBody,
    answers: { 201: sessionSchema },
  }),
  login: route({ method: 'POST', path: '/api/auth/login', body: loginBody, answers: { 200: sessionSchema } }),
  /** 204: no session to refresh, said without an error (the session probe, API.md). */
  refresh: route({
    method: 'POST',
    path: '/api/auth/refresh',
    body: refreshBody,
    answers: { 200: sessionSchema, 204: noContent },
  }),
  logout: route({ method: 'POST', path: '/api/auth/logout', body: refreshBody, answers: { 204: noContent } }),
  user: route({ method: 'GET', path: '/api/auth/user', answers: { 200: userSchema } }),
  updateUser: route({
    method: 'PATCH',
    path: '/api/auth/user',
    body: updateUserBody,
    answers: { 200: userSchema },
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/auth/password',
    body: changePasswordBody,
    answers: { 204: noContent },
  }),
  deleteAccount: route({
    method: 'DELETE',
    path: '/api/auth/user',
    body: deleteAccountBody,
    answers: { 204: noContent },
  }),
  listSessions: route({
    method: 'GET',
    path: '/api/auth/sessions',
    answers: { 200: listOf(accountSessionSchema) },
  }),
  listTokens: route({ method: 'GET', path: '/api/tokens', answers: { 200: listOf(apiTokenSchema) } }),
  createToken: route({
    method: 'POST',
    path: '/api/tokens',
    body: createTokenBody,
    answers: { 201: createdApiTokenSchema },
  }),
  deleteToken: route({
    method: 'DELETE',
    path: '/api/tokens/:id',
    params: idParams,
    answers: { 204: noContent },
  }),
  endSession: route({
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    params: idParams,
    answers: { 204: noContent },
  }),
  signInOptions: route({ method: 'GET', path: '/api/auth/options', answers: { 200: signInOptionsSchema } }),
  /** The provider's address to send the browser to (GET of the same path redirects there itself). */
  startSingleSignOn: route({
    method: 'POST',
    path: '/api/auth/oidc/start',
    body: startSingleSignOnBody,
    answers: { 200: z.object({ url: z.string() }) },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/auth/password-reset',
    body: resetPasswordBody,
    answers: { 204: noContent },
  }),

  adminUsers: route({ method: 'GET', path: '/api/admin/users', answers: { 200: listOf(adminUserSchema) } }),
  updateAdminUser: route({
    method: 'PATCH',
    path: '/api/admin/users/:id',
    params: idParams,
    body: updateAdminUserBody,
    answers: { 200: adminUserSchema },
  }),
  deleteAdminUser: route({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    params: idParams,
    answers: { 204: noContent },
  }),
  createInvite: route({ method: 'POST', path: '/api/admin/invites', answers: { 201: oneTimeLinkSchema } }),
  createPasswordReset: route({
    method: 'POST',
    path: '/api/admin/users/:id/password-reset',
    params: idParams,
    answers: { 201: oneTimeLinkSchema },
  }),
  instanceSettings: route({
    method: 'GET',
    path: '/api/admin/settings',
    answers: { 200: instanceSettingsSchema },
  }),
  updateInstanceSettings: route({
    method: 'PATCH',
    path: '/api/admin/settings',
    body: updateInstanceSettingsBody,
    answers: { 200: instanceSettingsSchema },
  }),

  listFolders: route({ method: 'GET', path: '/api/folders', answers: { 200: listOf(folderSchema) } }),
  createFolder: route({
    method: 'POST',
    path: '/api/folders',
    body: createFolderBody,
    answers: { 201: folderSchema },
  }),
  updateFolder: route({
    method: 'PATCH',
    path: '/api/folders/:id',
    params: idParams,
    body: updateFolderBody,
    answers: { 200: folderSchema },
  }),
  deleteFolder: route({
    method: 'DELETE',
    path: '/api/folders/:id',
    params: idParams,
    answers: { 204: noContent },
  }),
  /** A folder's public page (API.md "Sharing and insights"): its owner's only. */
  publicFolder: route({
    method: 'GET',
    path: '/api/folders/:id/public',
    params: idParams,
    answers: { 200: publicFolderSchema },
  }),
  /** A new address each time: publishing again ends the one before. */
  publishFolder: route({
    method: 'POST',
    path: '/api/folders/:id/public',
    params: idParams,
    answers: { 201: publicFolderLinkSchema },
  }),
  unpublishFolder: route({
    method: 'DELETE',
    path: '/api/folders/:id/public',
    params: idParams,
    answers: { 204: noContent },
  }),
  /** The people the folder is shared with; its owner and its members may read the list. */
  listMembers: route({
    method: 'GET',
    path: '/api/folders/:id/members',
    params: idParams,
    answers: { 200: listOf(folderMemberSchema) },
  }),
  /** Owner only. 404: no (enabled) account has that e-mail. 409: already a member. */
  addMember: route({
    method: 'POST',
    path: '/api/folders/:id/members',
    params: idParams,
    body: addMemberBody,
    answers: { 201: folderMemberSchema },
  }),
  /** Owner only. */
  updateMember: route({
    method: 'PATCH',
    path: '/api/folders/:id/members/:userId',
    params: memberParams,
    body: updateMemberBody,
    answers: { 200: folderMemberSchema },
  }),
  /** The owner removes a member; a member removes themself (leaves the folder). */
  removeMember: route({
    method: 'DELETE',
    path: '/api/folders/:id/members/:userId',
    params: memberParams,
    answers: { 204: noContent },
  }),

  listLinks: route({
    method: 'GET',
    path: '/api/links',
    query: listLinksQuery,
    answers: { 200: pageOf(linkSchema) },
  }),
  createLink: route({
    method: 'POST',
    path: '/api/links',
    body: createLinkBody,
    answers: { 201: linkSchema },
  }),
  getLink: route({ method: 'GET', path: '/api/links/:id', params: idParams, answers: { 200: linkSchema } }),
  updateLink: route({
    method: 'PATCH',
    path: '/api/links/:id',
    params: idParams,
    body: updateLinkBody,
    answers: { 200: linkSchema },
  }),
  deleteLink: route({
    method: 'DELETE',
    path: '/api/links/:id',
    params: idParams,
    answers: { 204: noContent },
  }),
  getLinkContent: route({
    method: 'GET',
    path: '/api/links/:id/content',
    params: idParams,
    answers: { 200: linkContentSchema },
  }),
  bulkLinks: route({
    method: 'POST',
    path: '/api/links/bulk',
    body: bulkLinksBody,
    answers: { 200: bulkLinksAnswer },
  }),
  organiseLinks: route({
    method: 'POST',
    path: '/api/links/organise',
    answers: { 200: organiseAnswerSchema },
  }),
  dismissSuggestion: route({
    method: 'DELETE',
    path: '/api/links/:id/suggestion',
    params: idParams,
    answers: { 204: noContent },
  }),
  enrichLink: route({
    method: 'POST',
    path: '/api/links/:id/enrich',
    params: idParams,
    answers: { 202: z.object({ status: z.literal('queued') }) },
  }),

  listSnippets: route({
    method: 'GET',
    path: '/api/snippets',
    query: listSnippetsQuery,
    answers: { 200: pageOf(snippetSchema) },
  }),
  createSnippet: route({
    method: 'POST',
    path: '/api/snippets',
    body: createSnippetBody,
    answers: { 201: snippetSchema },
  }),
  updateSnippet: route({
    method: 'PATCH',
    path: '/api/snippets/:id',
    params: idParams,
    body: updateSnippetBody,
    answers: { 200: snippetSchema },
  }),
  deleteSnippet: route({
    method: 'DELETE',
    path: '/api/snippets/:id',
    params: idParams,
    answers: { 204: noContent },
  }),

  listTags: route({ method: 'GET', path: '/api/tags', answers: { 200: listOf(tagSchema) } }),
  renameTag: route({
    method: 'PATCH',
    path: '/api/tags/:name',
    params: tagParams,
    body: renameTagBody,
    answers: { 200: tagSchema },
  }),
  deleteTag: route({
    method: 'DELETE',
    path: '/api/tags/:name',
    params: tagParams,
    answers: { 204: noContent },
  }),

  stats: route({ method: 'GET', path: '/api/stats', answers: { 200: statsSchema } }),
  insights: route({
    method: 'GET',
    path: '/api/insights',
    query: insightsQuery,
    answers: { 200: insightsSchema },
  }),
  insightDelivery: route({
    method: 'GET',
    path: '/api/insights/delivery',
    answers: { 200: insightDeliverySchema },
  }),
  updateInsightDelivery: route({
    method: 'PATCH',
    path: '/api/insights/delivery',
    body: updateInsightDeliveryBody,
    answers: { 200: insightDeliverySchema },
  }),
  /** Makes the private feed's URL, or a new one in place of the old, which then answers 404. */
  createInsightFeed: route({
    method: 'POST',
    path: '/api/insights/feed',
    answers: { 201: insightFeedSchema },
  }),
  deleteInsightFeed: route({ method: 'DELETE', path: '/api/insights/feed', answers: { 204: noContent } }),
  search: route({
    method: 'GET',
    path: '/api/search',
    query: searchQuery,
    answers: { 200: searchResultSchema },
  }),

  /** A multipart form: the file, and what to do with it (API.md "Imports"). */
  createImport: route({ method: 'POST', path: '/api/imports', answers: { 202: importSchema } }),
  listImports: route({ method: 'GET', path: '/api/imports', answers: { 200: listOf(importSchema) } }),
  getImport: route({
    method: 'GET',
    path: '/api/imports/:id',
    params: idParams,
    answers: { 200: importSchema },
  }),
  cancelImport: route({
    method: 'DELETE',
    path: '/api/imports/:id',
    params: idParams,
    answers: { 202: importSchema },
  }),

  bindAuthorization: route({
    method: 'PATCH',
    path: '/api/oauth-authorize',
    body: bindAuthorizationBody,
    answers: { 200: z.object({ ok: z.boolean() }) },
  }),
  resumeAuthorization: route({
    method: 'GET',
    path: '/api/oauth-authorize',
    query: resumeAuthorizationQuery,
    answers: { 200: redirectResponse },
  }),
  decideAuthorization: route({
    method: 'POST',
    path: '/api/oauth-authorize',
    body: decideAuthorizationBody,
    encoding: 'form',
    answers: { 200: redirectResponse },
  }),
  oauthClient: route({
    method: 'GET',
    path: '/api/oauth/clients/:clientId',
    params: clientIdParams,
    answers: { 200: oauthClientSchema },
  }),
  listConnections: route({
    method: 'GET',
    path: '/api/oauth/connections',
    answers: { 200: listOf(oauthConnectionSchema) },
  }),
  deleteConnection: route({
    method: 'DELETE',
    path: '/api/oauth/connections/:clientId',
    params: clientIdParams,
    answers: { 204: noContent },
  }),
} as const;

/** The calls that answer with a file, not JSON: an attachment the browser saves, a page or an image it shows. */
export const downloads = {
  exportLibrary: route({ method: 'GET', path: '/api/export', query: exportQuery, answers: {} }),
  importSkipped: route({ method: 'GET', path: '/api/imports/:id/skipped', params: idParams, answers: {} }),
  linkArchive: route({ method: 'GET', path: '/api/links/:id/archive', params: idParams, answers: {} }),
  linkPreview: route({
    method: 'GET',
    path: '/api/links/:id/preview',
    params: idParams,
    query: previewQuery,
    answers: {},
  }),
} as const;
