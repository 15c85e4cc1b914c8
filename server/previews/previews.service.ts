import type { PreviewWidth } from '../../contracts/index.js';
import { AppError } from '../http/errors.js';
import { nowIso } from '../lib/clock.js';
import type { FetchedPage, SafeFetcher } from '../fetch/safe-fetcher.js';
import type { LinksService } from '../library/links.service.js';
import type { PreviewsRepository, StoredPreview } from './previews.repository.js';
import { previewOf } from './resize.js';

/** A picture that could not be had is tried again after six hours (the site may have been down). */
const RETRY_FAILED_MS = 6 * 60 * 60 * 1000;

const noPreview = () => new AppError(404, 'not_found', 'This link has no preview image');

export interface PreviewImage {
  contentType: string;
  image: Uint8Array;
}

/**
 * A link's preview image at the size shown (contracts/previews.ts), only ever the owner's. The server
 * fetches the page's og:image itself, through the SSRF-safe fetcher: a picture on a private address is
 * never fetched, and the person's browser never calls the image's host (which would learn their address
 * and what they saved). Each width is made once and kept for every server process; pictures being made
 * are shared by the requests that wait for them.
 */
export class PreviewsService {
  private readonly making = new Map<string, Promise<StoredPreview>>();

  constructor(
    private readonly links: LinksService,
    private readonly previews: PreviewsRepository,
    private readonly fetcher: SafeFetcher,
  ) {}

  async preview(userId: string, linkId: string, width: PreviewWidth): Promise<PreviewImage> {
    const { ogImageUrl } = await this.links.get(userId, linkId);
    return this.previewOf(linkId, ogImageUrl, width);
  }

  /**
   * The preview of a link whose reader the caller has already checked (its owner, or a visitor of the
   * public folder page it is on), from its og:image address.
   */
  async previewOf(linkId: string, ogImageUrl: string | null, width: PreviewWidth): Promise<PreviewImage> {
    if (!ogImageUrl) throw noPreview();
    const kept = await this.previews.find(linkId, width);
    const preview = kept && this.fresh(kept, ogImageUrl) ? kept : await this.made(linkId, width, ogImageUrl);
    if (!preview.image || !preview.content_type) throw noPreview();
    return { contentType: preview.content_type, image: preview.image };
  }

  private fresh(kept: StoredPreview, source: string): boolean {
    if (kept.source_url !== source) return false;
    return kept.image !== null || Date.now() - Date.parse(kept.made_at) < RETRY_FAILED_MS;
  }

  private made(linkId: string, width: number, source: string): Promise<StoredPreview> {
    const key = `${linkId} ${width} ${source}`;
    const pending = this.making.get(key);
    if (pending) return pending;
    const making = this.make(source, width)
      .then(async (preview) => {
        await this.previews.keep(linkId, width, preview);
        return preview;
      })
      .finally(() => this.making.delete(key));
    this.making.set(key, making);
    return making;
  }

  /** The picture, or a failed attempt (kept so that it is not fetched again on every view). */
  private async make(source: string, width: number): Promise<StoredPreview> {
    const attempt = { source_url: source, made_at: nowIso() };
    const picture = await this.fetcher
      .fetch(source, undefined, { want: 'image' })
      .then(usablePicture, () => null);
    const image = picture && (await previewOf(picture, width).catch(() => null));
    return image
      ? { ...attempt, content_type: 'image/webp', image }
      : { ...attempt, content_type: null, image: null };
  }
}

/** A whole picture that came with success; a cut-off one (over the size limit) is no picture. */
const usablePicture = (page: FetchedPage): Uint8Array | null =>
  page.status === 200 && page.body && !page.truncated ? page.body : null;
