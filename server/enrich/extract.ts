import * as cheerio from 'cheerio';

export interface PageMetadata {
  title: string | null;
  description: string | null;
  imageUrl: string | null;
  faviconUrl: string;
  canonicalUrl: string | null;
  siteName: string | null;
  language: string | null;
}

const clean = (text: string | undefined | null): string | null => {
  const value = text?.replace(/\s+/g, ' ').trim();
  return value ? value : null;
};

const absolute = (href: string | undefined | null, base: string): string | null => {
  const value = href?.trim();
  if (!value || !URL.canParse(value, base)) return null;
  const url = new URL(value, base);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
};

/** Page metadata from Open Graph, Twitter cards and plain HTML, in that order of preference. */
export function extractMetadata(html: string, pageUrl: string): PageMetadata {
  const $ = cheerio.load(html);
  const meta = (...keys: string[]) => {
    for (const key of keys) {
      const value = clean($(`meta[property="${key}"], meta[name="${key}"]`).first().attr('content'));
      if (value) return value;
    }
    return null;
  };
  const linkHref = (selector: string) => absolute($(selector).first().attr('href'), pageUrl);

  return {
    title: meta('og:title', 'twitter:title') ?? clean($('title').first().text()),
    description: meta('og:description', 'twitter:description', 'description'),
    imageUrl: absolute(meta('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'), pageUrl)
      ?? linkHref('link[rel="image_src"]'),
    faviconUrl:
      linkHref('link[rel="icon"], link[rel="shortcut icon"]') ??
      linkHref('link[rel="apple-touch-icon"], link[rel="apple-touch-icon-precomposed"]') ??
      new URL('/favicon.ico', pageUrl).toString(),
    canonicalUrl: linkHref('link[rel="canonical"]') ?? absolute(meta('og:url'), pageUrl),
    siteName: meta('og:site_name', 'application-name'),
    language: clean($('html').attr('lang')) ?? meta('og:locale'),
  };
}
