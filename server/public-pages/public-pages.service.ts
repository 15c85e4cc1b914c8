import type { PreviewWidth, PublicFolder, PublicFolderLink } from '../../contracts/index.js';
import { AppError } from '../http/errors.js';
import { nowIso } from '../lib/clock.js';
import { type Cursor, toPage } from '../lib/cursor.js';
import { readJson } from '../lib/json-column.js';
import { SECRET_BODY_LENGTH, SECRET_PREFIXES, hashSecret, newSecret } from '../lib/secrets.js';
import type { FoldersService } from '../library/folders.service.js';
import type { PreviewImage, PreviewsService } from '../previews/previews.service.js';
import type { PublicFoldersRepository, PublicLinkRow, PublishedFolder } from './public-folders.repository.js';

/**
 * Links on one public page: a folder of thousands is read a page at a time ("Older links"), so no visit
 * costs more than this many rows and their pictures.
 */
export const PAGE_LINKS = 50;
/** Entries in the feed: the newest links, as feed readers only ever look at the latest. */
export const FEED_ENTRIES = 50;

const TOKEN = new RegExp(`^${SECRET_PREFIXES.publicFolder}_[\\w-]{${SECRET_BODY_LENGTH}}$`);

/** Every way a public address fails says the same: no page here (revoked, rotated, mistyped, never was). */
export const noPublicPage = () =>
  new AppError(404, 'not_found', 'This page does not exist or is no longer shared');

/** A link as a public page and its feed show it. */
export interface PublicLink {
  id: string;
  url: string;
  title: string;
  /** The short summary, else the page's own description; null when it has neither. */
  summary: string | null;
  tags: string[];
  imageUrl: string | null;
  createdAt: string;
}

export interface PublicFolderView {
  name: string;
  publishedAt: string;
  total: number;
  links: PublicLink[];
  nextCursor: string | null;
}

const publicLink = (row: PublicLinkRow): PublicLink => ({
  id: row.id,
  url: row.url,
  title: row.title,
  summary: row.summary_short ?? row.og_description,
  tags: readJson<string[]>(row.tags, []),
  imageUrl: row.og_image_url,
  createdAt: row.created_at,
});

/**
 * Public folder pages (issue 19, API.md "Sharing and insights"): a folder's owner publishes it at an
 * unguessable address (a 256-bit token, kept only as its SHA-256), and anyone with the address reads the
 * folder's own links (not its sub-folders') with their titles, summaries, tags and pictures, and nothing
 * else of the owner's. Publishing again makes a new address and ends the old one; revoking ends both the
 * page and the feed, as both are found by the one hash.
 */
export class PublicPagesService {
  constructor(
    private readonly publicFolders: PublicFoldersRepository,
    private readonly folders: FoldersService,
    private readonly previews: PreviewsService,
    private readonly publicUrl: string,
  ) {}

  /** The owner's only: anyone else's folder is not found (FoldersService.require). */
  async publish(userId: string, folderId: string): Promise<PublicFolderLink> {
    const folder = await this.folders.require(userId, folderId);
    const token = newSecret('publicFolder');
    await this.publicFolders.publish(folder.id, hashSecret(token), nowIso());
    return { url: `${this.publicUrl}/s/${token}` };
  }

  async unpublish(userId: string, folderId: string): Promise<void> {
    const folder = await this.folders.require(userId, folderId);
    await this.publicFolders.unpublish(folder.id);
  }

  async status(userId: string, folderId: string): Promise<PublicFolder> {
    const folder = await this.folders.require(userId, folderId);
    return { publishedAt: await this.publicFolders.publishedAt(folder.id) };
  }

  async page(token: string, cursor: Cursor | null): Promise<PublicFolderView> {
    const folder = await this.published(token);
    const [rows, total] = await Promise.all([
      this.publicFolders.links(folder, cursor, PAGE_LINKS),
      this.publicFolders.linkCount(folder),
    ]);
    const { items, nextCursor } = toPage(rows, PAGE_LINKS);
    return {
      name: folder.name,
      publishedAt: folder.published_at,
      total,
      links: items.map(publicLink),
      nextCursor,
    };
  }

  async feed(token: string): Promise<{ name: string; publishedAt: string; links: PublicLink[] }> {
    const folder = await this.published(token);
    const rows = await this.publicFolders.links(folder, null, FEED_ENTRIES);
    return {
      name: folder.name,
      publishedAt: folder.published_at,
      links: rows.slice(0, FEED_ENTRIES).map(publicLink),
    };
  }

  /** A picture on the page, fetched and kept by the server (previews/): the visitor never calls its host. */
  async preview(token: string, linkId: string, width: PreviewWidth): Promise<PreviewImage> {
    const folder = await this.published(token);
    const image = await this.publicFolders.imageOf(folder, linkId);
    if (image === undefined) throw noPublicPage();
    return this.previews.previewOf(linkId, image, width);
  }

  private async published(token: string): Promise<PublishedFolder> {
    // A made-up address costs no query.
    const folder = TOKEN.test(token)
      ? await this.publicFolders.findByTokenHash(hashSecret(token))
      : undefined;
    if (!folder) throw noPublicPage();
    return folder;
  }
}
