import type { LinkContent } from '../../contracts/index.js';
import { AppError } from '../http/errors.js';
import { escapeHtml } from '../lib/html.js';
import type { LinkContentRepository } from './link-content.repository.js';
import type { LinksService } from './links.service.js';

/** API.md: 404 before a fetch succeeded, in words that say why (the link itself exists). */
const notFetchedYet = () =>
  new AppError(404, 'not_found', 'No copy of this page is kept yet: it has not been fetched successfully');

/** The style of an archived copy: the page's own styles are gone (sanitize.ts), so it is set as plain text. */
const ARCHIVE_STYLE =
  'a:not([href]){color:inherit;text-decoration:none}body{max-width:48rem;margin:0 auto;padding:1rem 1.25rem 3rem;font:16px/1.6 system-ui,sans-serif;color:#1e293b;overflow-wrap:anywhere}' +
  'img{max-width:100%;height:auto}table{border-collapse:collapse}td,th{border:1px solid #cbd5e1;padding:.25rem .5rem}' +
  'pre{overflow:auto;background:#f1f5f9;padding:.75rem}.lv-archived{font-size:13px;color:#475569;border-bottom:1px solid #e2e8f0;padding-bottom:.75rem;margin-bottom:1.5rem}' +
  '@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}a[href]{color:#93c5fd}pre{background:#1e293b}.lv-archived{color:#94a3b8;border-color:#334155}}';

/** The reader's copy of a saved page and its archived copy: the owner's, and a shared folder's members'. */
export class LinkContentService {
  constructor(
    private readonly links: LinksService,
    private readonly contents: LinkContentRepository,
  ) {}

  async content(userId: string, linkId: string): Promise<LinkContent> {
    const { link, ownerId } = await this.links.readable(userId, linkId);
    const content = await this.contents.find(ownerId, linkId);
    if (!content) throw notFetchedYet();
    return { linkId, title: link.title, ...content };
  }

  /**
   * The archived page as a document of its own, with a line saying what it is: sanitized when it was kept,
   * and served under a sandbox CSP by its route, so nothing in it runs whatever got through.
   */
  async archive(userId: string, linkId: string): Promise<string> {
    const { link, ownerId } = await this.links.readable(userId, linkId);
    const archive = await this.contents.findArchive(ownerId, linkId);
    if (!archive) throw notFetchedYet();
    const url = escapeHtml(link.url);
    return (
      `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
      `<meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${escapeHtml(link.title)} (archived)</title><style>${ARCHIVE_STYLE}</style></head><body>` +
      `<p class="lv-archived">Archived copy of <a href="${url}">${url}</a>, kept by Linkvault on ` +
      `<time datetime="${archive.fetchedAt}">${archive.fetchedAt.slice(0, 10)}</time>.</p>` +
      `${archive.html}</body></html>`
    );
  }
}
