import { type ReactNode, useState } from 'react';
import type { Link } from '../../../../contracts/index.js';
import { previewPath, previewSrcSet } from '../../../../contracts/previews.js';

/** The size an <img> reserves before its picture arrives: the previews' own 1.91:1 (contracts/previews.ts). */
const BOX = { width: 382, height: 200 };

/**
 * A link's preview image at the size shown: the server's copy of its og:image (never the page's original,
 * never from a private address, and the image's host never sees the person), the width picked by the
 * browser from `sizes` and the screen's density, loaded when it comes near the screen. `fallback` shows
 * when the link has no picture or it cannot be had.
 */
export function PreviewImage({
  link,
  sizes,
  className,
  fallback = null,
}: {
  link: Pick<Link, 'id' | 'ogImageUrl'>;
  /** How wide the picture is shown, as <img sizes> takes it ("290px", "(min-width: 40rem) 28rem, 100vw"). */
  sizes: string;
  className?: string;
  fallback?: ReactNode;
}) {
  const image = link.ogImageUrl;
  const [failed, setFailed] = useState<string | null>(null);
  if (!image || failed === image) return fallback;
  return (
    <img
      src={previewPath(link.id, image, 480)}
      srcSet={previewSrcSet(link.id, image)}
      sizes={sizes}
      alt=""
      width={BOX.width}
      height={BOX.height}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(image)}
      className={className}
    />
  );
}
