import sharp from 'sharp';
import { PREVIEW_ASPECT } from '../../contracts/index.js';

/** Formats a page's picture may come in. SVG is refused: a drawing can pull in other files and fonts. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** A decompression bomb stops here: 40 megapixels is more than any camera's photo an og:image carries. */
const MAX_INPUT_PIXELS = 40_000_000;

/** Decoded images are not kept between calls: each picture is made once and then read from the database. */
sharp.cache(false);

export class UnreadableImage extends Error {}

/**
 * The picture cut to the cards' 1.91:1 around its middle, `width` pixels wide (never enlarged), as WebP.
 * Only the first frame of an animation is kept, and its orientation is applied so it stands upright.
 */
export async function previewOf(image: Uint8Array, width: number): Promise<Uint8Array> {
  const input = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  const { format } = await input.metadata().catch((err: unknown) => {
    throw new UnreadableImage('Not a picture', { cause: err });
  });
  if (!READABLE.has(format)) throw new UnreadableImage(`Pictures in ${format} are not shown`);
  return input
    .rotate()
    .resize({
      width,
      height: Math.round(width / PREVIEW_ASPECT),
      fit: 'cover',
      withoutEnlargement: true,
    })
    .webp({ quality: 74, effort: 2 })
    .toBuffer()
    .catch((err: unknown) => {
      throw new UnreadableImage('The picture could not be read', { cause: err });
    });
}
