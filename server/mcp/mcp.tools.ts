import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  folderSchema,
  idSchema,
  LIMITS,
  LINK_AVAILABILITIES,
  LINK_STATES,
  linkSchema,
  listLinksQuery,
  type OAuthScope,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  snippetSchema,
  UNCATEGORIZED,
} from '../../contracts/index.js';
import type { Principal } from '../accounts/accounts.service.js';
import { holdsScope } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import type { FoldersService } from '../library/folders.service.js';
import type { LinksService } from '../library/links.service.js';
import { type SearchService, visibilityFor } from '../search/search.service.js';

export interface McpLibrary {
  folders: FoldersService;
  links: LinksService;
  search: SearchService;
}

/** The scope each tool needs (API.md "Assistant access"); the HTTP layer reads it to answer 403 early. */
export const TOOL_SCOPES = {
  list_folders: 'read:folders',
  list_links: 'read:links',
  search: 'read:links',
  get_link: 'read:links',
} as const satisfies Record<string, OAuthScope>;
export type ToolName = keyof typeof TOOL_SCOPES;

export const insufficientScopeMessage = (tool: ToolName) =>
  `insufficient_scope: the ${tool} tool needs the ${TOOL_SCOPES[tool]} scope`;

/** A list entry: enough to choose a link; get_link gives the rest. */
const linkBriefSchema = linkSchema.pick({
  id: true,
  url: true,
  title: true,
  description: true,
  folderId: true,
  createdAt: true,
  summaryShort: true,
  tags: true,
  platform: true,
  enrichmentStatus: true,
  state: true,
  favorite: true,
  shared: true,
});
/** A snippet without the owner's id and the page position data only a browser can use. */
const snippetBriefSchema = snippetSchema.omit({ userId: true, positionData: true });

const listFoldersOutput = z.object({ folders: z.array(folderSchema) });
const listLinksOutput = z.object({
  links: z.array(linkBriefSchema),
  nextCursor: z.string().nullable().describe('Pass as cursor to get the next page; null on the last page'),
});
const searchOutput = z.object({
  folders: z.array(folderSchema).describe('Empty unless the token has the read:folders scope'),
  links: z.array(linkBriefSchema),
  snippets: z.array(snippetBriefSchema),
});
const getLinkOutput = z.object({ link: linkSchema });

const limitInput = z
  .number()
  .int()
  .min(1)
  .max(PAGE_LIMIT_MAX)
  .optional()
  .describe(`How many to return (default ${PAGE_LIMIT_DEFAULT})`);

/** The sidebar's reading lists, for an assistant asked "what have I not read yet?" or "which links are dead?". */
const readingInput = {
  state: z
    .enum(LINK_STATES)
    .optional()
    .describe('Only links in this reading state: unread (as saved), read, or archived'),
  favorite: z.boolean().optional().describe('Only favourites (true), or only links that are not (false)'),
  availability: z
    .enum(LINK_AVAILABILITIES)
    .optional()
    .describe('Only links whose page is there (ok), gone (broken), or not yet checked (unknown)'),
};

const listLinksInput = z.object({
  folderId: listLinksQuery.shape.folderId.describe(
    `Only links in this folder (an id from list_folders), or "${UNCATEGORIZED}" for links in no folder; all links when omitted`,
  ),
  tag: listLinksQuery.shape.tag.describe('Only links with this tag (any case); all links when omitted'),
  ...readingInput,
  limit: limitInput,
  cursor: listLinksQuery.shape.cursor.describe('The nextCursor of the previous page'),
});
const searchInput = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.searchQuery)
    .describe('Text to find (case-insensitive substring match)'),
  ...readingInput,
  limit: limitInput,
});
const getLinkInput = z.object({ id: idSchema.describe('The link id, from list_links or search') });

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };

/**
 * The MCP server for one request: read-only tools over the library of `access.userId` only (API.md
 * "Assistant access"). Every tool checks its own scope, so no transport can reach data the token lacks.
 */
export function createMcpServer(library: McpLibrary, access: Principal, log: FastifyBaseLogger): McpServer {
  const server = new McpServer(
    { name: 'linkvault', title: 'Linkvault', version: '1.0.0' },
    {
      instructions:
        'Linkvault holds the links this person saved, sorted into folders and enriched with summaries, key points, highlights and tags. The tools only read; they never change anything.',
    },
  );
  const { userId } = access;

  const tool =
    <A>(name: ToolName, run: (args: A) => Promise<CallToolResult>) =>
    async (args: A): Promise<CallToolResult> => {
      if (!holdsScope(access, TOOL_SCOPES[name])) return failure(insufficientScopeMessage(name));
      try {
        return await run(args);
      } catch (err) {
        // Ownership and not-found answers are the user's to see; anything else stays in the logs.
        if (err instanceof AppError && err.status < 500) return failure(err.message);
        log.error({ err, tool: name }, 'MCP tool failed');
        return failure('Something went wrong on our side');
      }
    };

  server.registerTool(
    'list_folders',
    {
      title: 'List folders',
      description:
        'The folders of the Linkvault library, each with its name, color and number of links, and the folders other people share with this person (shared: true, ownerName: whose, role: editor or viewer).',
      outputSchema: listFoldersOutput,
      annotations: READ_ONLY,
    },
    tool('list_folders', async () =>
      result(listFoldersOutput, { folders: await library.folders.list(userId) }),
    ),
  );

  server.registerTool(
    'list_links',
    {
      title: 'List saved links',
      description:
        'Saved links, newest first, one page at a time: title, URL, description, short summary, tags, platform, enrichment status, reading state, favourite mark, and whether it is in a shared folder. Optionally only one folder or only uncategorized links, only one tag, only one reading state, only favourites. Use get_link for the full summary, key points and highlights.',
      inputSchema: listLinksInput,
      outputSchema: listLinksOutput,
      annotations: READ_ONLY,
    },
    tool('list_links', async (input: z.infer<typeof listLinksInput>) => {
      const page = await library.links.list(userId, { ...input, sort: 'newest' });
      return result(listLinksOutput, { links: page.items, nextCursor: page.nextCursor });
    }),
  );

  server.registerTool(
    'search',
    {
      title: 'Search the library',
      description:
        'Case-insensitive substring search: links by title, URL and description (those of folders shared with this person too, marked shared), and folders by name (only with the read:folders scope). Best matches first. Given a reading state or the favourite mark, only links with them are searched.',
      inputSchema: searchInput,
      outputSchema: searchOutput,
      annotations: READ_ONLY,
    },
    tool('search', async ({ query, limit, ...marks }: z.infer<typeof searchInput>) => {
      const found = await library.search.search(
        userId,
        { q: query, scope: 'all', limit, ...marks },
        visibilityFor(access.scopes),
      );
      return result(searchOutput, found);
    }),
  );

  server.registerTool(
    'get_link',
    {
      title: 'Get a saved link',
      description:
        'One saved link in full: title, URL, description, short and long summary, key points, highlights, tags, platform, preview data, enrichment status and its number of snippets.',
      inputSchema: getLinkInput,
      outputSchema: getLinkOutput,
      annotations: READ_ONLY,
    },
    tool('get_link', async ({ id }: z.infer<typeof getLinkInput>) =>
      result(getLinkOutput, { link: await library.links.get(userId, id) }),
    ),
  );

  return server;
}

/**
 * Structured content for the client, validated and stripped to the output schema, and its JSON as text
 * for clients that read only text (MCP 2025-06-18 "Structured Content").
 */
function result<S extends z.ZodObject>(schema: S, value: z.input<S>): CallToolResult {
  const structuredContent = schema.parse(value) as Record<string, unknown>;
  return { structuredContent, content: [{ type: 'text', text: JSON.stringify(structuredContent) }] };
}

const failure = (message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: message }],
});
