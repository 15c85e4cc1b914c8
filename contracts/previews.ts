/**
 * Preview images at the size shown (issue "Organise a big library by hand"): the server fetches a link's
 * og:image once, crops it to the cards' 1.91:1 and keeps it at these widths, so a card 300 pixels wide
 * downloads a picture 320 pixels wide (640 on a high-density screen), never the page's full-size original.
 * Kept apart from the zod schemas so the web app can use it without bundling zod.
 */
export const PREVIEW_WIDTHS = [320, 480, 640, 960] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

/** Open Graph's recommended 1200x630: the box every preview is cut to. */
export const PREVIEW_ASPECT = 1.91;

/**
 * A short fingerprint of the image address (32-bit FNV-1a, hex). It makes the preview's URL change when
 * re-enrichment finds another image, so browsers may keep an answer for as long as they like.
 */
export function previewVersion(imageUrl: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < imageUrl.length; i += 1) {
    hash ^= imageUrl.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

export const previewPath = (linkId: string, imageUrl: string, width: PreviewWidth): string =>
  `/api/links/${encodeURIComponent(linkId)}/preview?w=${width}&v=${previewVersion(imageUrl)}`;

/** Every width, for an <img srcset>: the browser picks by the size shown and the screen's density. */
export const previewSrcSet = (linkId: string, imageUrl: string): string =>
  PREVIEW_WIDTHS.map((width) => `${previewPath(linkId, imageUrl, width)} ${width}w`).join(', ');
