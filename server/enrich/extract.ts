import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { type DomNode, type TextBlock, textBlocks } from './blocks.js';
import { memoize } from '../lib/memo.js';
import { headline } from './title.js';

export interface PageMetadata {
  title: string | null;
  description: string | null;
  imageUrl: string | null;
  faviconUrl: string;
  canonicalUrl: string | null;
  siteName: string | null;
  language: string | null;
  publishedTime: string | null;
  author: string | null;
  keywords: string[];
}

export interface Extraction {
  metadata: PageMetadata;
  /** The main text, every block of it (blocks.ts), from Readability when it finds an article. */
  blocks: TextBlock[];
  /** Its prose, what summaries are made of; else the page's description. */
  paragraphs: string[];
  /** The article's markup as Readability left it (unsanitized: content.ts cleans it), when it found one. */
  articleHtml: string | null;
  method: 'readability' | 'metadata';
}

/**
 * The part of the DOM extraction reads. The server is compiled without the browser's DOM types (so no
 * browser global can slip into server code); linkedom implements this subset.
 */
interface DomElement {
  textContent: string | null;
  parentElement: DomElement | null;
  remove(): void;
  getAttribute(name: string): string | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): Iterable<DomElement>;
}
interface Doc extends DomElement {
  documentElement: DomElement | null;
  body: DomNode;
}

const parseDocument = (html: string) => (parseHTML(html) as unknown as { document: Doc }).document;

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

/**
 * Parts of a page that are never its article: menus, footers, sidebars, drawings, form choices and
 * embedded pages. Taken out once metadata is read and before Readability scores the rest, they cost it no
 * time (extract 31-41 -> 24 ms a page), and a footer can no longer win as the article (medicalnewstoday:
 * main-text F1 0 -> 1; corpus 0.984 -> 0.991). A blog's comment thread in its footer goes too.
 */
const NOT_ARTICLE = 'nav, footer, aside, svg, select, iframe';

/**
 * Metadata, then the main text: Readability rewrites the document as it works, so the head is read first
 * from the same parse (one parse per page: parsing is most of the cost).
 */
export function extractPage(html: string, pageUrl: string): Extraction {
  const document = parseDocument(html);
  const metadata = readMetadata(document, pageUrl);
  const titles = readTitles(document);
  for (const element of [...document.querySelectorAll(NOT_ARTICLE)]) element.remove();
  let article: ReturnType<Readability<DomNode>['parse']> = null;
  try {
    article = new Readability<DomNode>(document, {
      charThreshold: 250,
      // The article's element itself, walked as it is: serialising it to HTML only to parse that again
      // cost a second parse of the article.
      serializer: (node: unknown) => node as DomNode,
    }).parse();
  } catch {
    article = null;
  }
  const blocks = article?.content ? textBlocks(article.content) : [];
  const articleHtml =
    blocks.length > 0 ? ((article?.content as { innerHTML?: string }).innerHTML ?? null) : null;
  const paragraphs = blocks.filter((block) => block.kind === 'prose').map((block) => block.text);
  return {
    metadata: {
      ...metadata,
      title: headline({
        titles: [article?.title, ...titles.titles],
        headings: titles.headings,
        siteNames: [metadata.siteName, article?.siteName],
        pageUrl,
      }),
      // Readability's excerpt falls back to the article's lead.
      description: clean(article?.excerpt) ?? metadata.description,
      siteName: metadata.siteName ?? clean(article?.siteName),
      author: metadata.author ?? clean(article?.byline),
      publishedTime: metadata.publishedTime ?? clean(article?.publishedTime),
      language: metadata.language ?? clean(article?.lang),
    },
    blocks,
    articleHtml,
    paragraphs: paragraphs.length > 0 ? paragraphs : [metadata.description].filter((p): p is string => !!p),
    method: blocks.length > 0 ? 'readability' : 'metadata',
  };
}

/** A page's titles and its `<h1>` headings, read before Readability rewrites the document. */
function readTitles(document: Doc) {
  const content = (selector: string) => document.querySelector(selector)?.getAttribute('content');
  return {
    titles: [
      content('meta[property="og:title"], meta[name="og:title"]'),
      content('meta[name="twitter:title"], meta[property="twitter:title"]'),
      document.querySelector('title')?.textContent,
    ],
    headings: [...document.querySelectorAll('h1')].slice(0, MAX_HEADINGS).map((h1) => h1.textContent ?? ''),
  };
}
/** A page has one headline; past a few `<h1>`s they are a template's section titles. */
const MAX_HEADINGS = 5;

/** Everything but the title, which is the headline of the page's titles and headings (readTitles). */
function readMetadata(document: Doc, pageUrl: string): Omit<PageMetadata, 'title'> {
  const meta = (...keys: string[]) => {
    for (const key of keys) {
      const element = document.querySelector(
        `meta[property="${key}"], meta[name="${key}"], meta[itemprop="${key}"]`,
      );
      const value = clean(element?.getAttribute('content'));
      if (value) return value;
    }
    return null;
  };
  const linkHref = (selector: string) =>
    absolute(document.querySelector(selector)?.getAttribute('href'), pageUrl);
  const jsonLd = readJsonLd(document);

  return {
    description: meta('og:description', 'twitter:description', 'description'),
    imageUrl:
      absolute(
        // The secure address first: an https page may not show an http image (mixed content).
        meta('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'),
        pageUrl,
      ) ??
      absolute(jsonLd.image, pageUrl) ??
      linkHref('link[rel="image_src"]') ??
      pageImage(document, pageUrl),
    faviconUrl:
      linkHref('link[rel="icon"], link[rel="shortcut icon"], link[rel~="icon"]') ??
      linkHref('link[rel="apple-touch-icon"], link[rel="apple-touch-icon-precomposed"]') ??
      new URL('/favicon.ico', pageUrl).toString(),
    canonicalUrl: linkHref('link[rel="canonical"]') ?? absolute(meta('og:url'), pageUrl),
    siteName: meta('og:site_name', 'application-name') ?? jsonLd.publisher,
    language: clean(document.documentElement?.getAttribute('lang')) ?? meta('og:locale'),
    publishedTime: meta('article:published_time', 'datePublished', 'date') ?? jsonLd.datePublished,
    author: meta('author', 'article:author') ?? jsonLd.author,
    keywords: [
      ...keywordList(meta('keywords', 'news_keywords')),
      ...[...document.querySelectorAll('meta[property="article:tag"]')].map(
        (m) => m.getAttribute('content') ?? '',
      ),
    ]
      .map((k) => k.trim())
      .filter((k) => k.length > 1 && k.length <= 32)
      .slice(0, 20),
  };
}

/**
 * Meta keywords as a list: separated by commas (also the ideographic ones and semicolons); a list written
 * with spaces only ("宇航员 太空 国际空间站") is split at them, or it would be one five-word tag.
 */
function keywordList(content: string | null): string[] {
  if (!content) return [];
  const parts = content.split(/[,，、;；]/);
  if (parts.length === 1 && content.trim().split(/\s+/).length > MAX_KEYWORD_WORDS)
    return content.trim().split(/\s+/);
  return parts;
}
const MAX_KEYWORD_WORDS = 4;

interface JsonLdFacts {
  image: string | null;
  datePublished: string | null;
  author: string | null;
  publisher: string | null;
}

/** Schema.org JSON-LD blocks: the first article-like object's image, date, author and publisher. */
function readJsonLd(document: Doc): JsonLdFacts {
  const facts: JsonLdFacts = { image: null, datePublished: null, author: null, publisher: null };
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    let data: unknown;
    try {
      data = JSON.parse(script.textContent ?? '');
    } catch {
      continue;
    }
    const nodes = (Array.isArray(data) ? data : [data]).flatMap((d: unknown) =>
      d && typeof d === 'object' && '@graph' in d && Array.isArray(d['@graph'])
        ? (d['@graph'] as unknown[])
        : [d],
    );
    for (const node of nodes) {
      if (!node || typeof node !== 'object') continue;
      const n = node as Record<string, unknown>;
      facts.image ??= nameOrUrl(n.image);
      facts.datePublished ??= typeof n.datePublished === 'string' ? n.datePublished : null;
      facts.author ??= nameOrUrl(n.author, 'name');
      facts.publisher ??= nameOrUrl(n.publisher, 'name');
    }
  }
  return facts;
}

function nameOrUrl(value: unknown, key: 'url' | 'name' = 'url'): string | null {
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) return nameOrUrl(value[0], key);
  if (value && typeof value === 'object') {
    const field = (value as Record<string, unknown>)[key];
    return typeof field === 'string' ? clean(field) : null;
  }
  return null;
}

/** Below this many pixels on a side an image is an icon, a spacer or a tracking pixel, not a preview. */
const TINY_IMAGE_PX = 50;

/** Where lazy-loading scripts keep an image's address until it scrolls into view. */
const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-original'];

interface ImageCandidate {
  src: string;
  width: number;
  height: number;
}

/**
 * Pages that name no preview: an image declared large (≥ 200×120), else a video's poster frame, else the
 * page's first real image (often its logo, which still tells the page apart at a glance). Inline data,
 * SVG emoji, images declared tiny (by attribute or inline style) and images hidden from readers are skipped.
 */
function pageImage(document: Doc, pageUrl: string): string | null {
  const hidden = hiddenElements();
  let first: ImageCandidate | null = null;
  let large: ImageCandidate | null = null;
  for (const img of document.querySelectorAll('img')) {
    const candidate = imageCandidate(img);
    // Whether it can be seen is asked last, of the few images worth it: it walks the ancestors.
    if (!candidate || hidden(img)) continue;
    first ??= candidate;
    if (candidate.width >= 200 && candidate.height >= 120) {
      large = candidate;
      break;
    }
  }
  const poster = document.querySelector('video[poster]')?.getAttribute('poster');
  return absolute(large?.src ?? poster ?? first?.src, pageUrl);
}

function imageCandidate(img: DomElement): ImageCandidate | null {
  // Hidden from screen readers: decoration (icons, spacers), never what the page is about.
  if (img.getAttribute('role') === 'presentation') return null;
  const src = imageSource(img);
  if (!src || /\.svg(\?|#|$)/i.test(src)) return null;
  const style = img.getAttribute('style') ?? '';
  const width = Number(img.getAttribute('width') ?? styleLength(style, 'width'));
  const height = Number(img.getAttribute('height') ?? styleLength(style, 'height'));
  if (width < TINY_IMAGE_PX || height < TINY_IMAGE_PX) return null;
  return { src, width, height };
}

/**
 * Whether an element, or one it is inside, is something nobody sees: marked `hidden` or `aria-hidden`,
 * styled `display: none` or `visibility: hidden`, or of a class that hides it ("hidden", "d-none",
 * "ks-overlay-hidden"): a zoom overlay's copy, a share picture kept out of sight. Each element is judged
 * once a page (a hostile page may hang thousands of images under the same long-attributed ancestors).
 */
function hiddenElements() {
  const hides = memoize((element: DomElement) => hidesItself(element, true));
  return (img: DomElement) => {
    // An image's own inline `display: none` is a script's to lift (a lazy loader's fade-in, a slideshow's
    // next slide), so only its attributes and classes count; its ancestors' styles count in full.
    if (hidesItself(img, false)) return true;
    let depth = 0;
    for (let node = img.parentElement; node && depth < MAX_ANCESTORS; node = node.parentElement, depth += 1)
      if (hides(node)) return true;
    return false;
  };
}
/** How far up an image's ancestors are looked at: deep enough for any layout, bounded for a hostile page. */
const MAX_ANCESTORS = 40;
/** Of an attribute, what is read: a style or class list longer than this is a hostile page's. */
const MAX_ATTRIBUTE_CHARS = 2_000;

function hidesItself(element: DomElement, byStyle: boolean): boolean {
  if (element.getAttribute('hidden') !== null || element.getAttribute('aria-hidden') === 'true') return true;
  const style = byStyle ? (element.getAttribute('style') ?? '').slice(0, MAX_ATTRIBUTE_CHARS) : '';
  if (/(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style)) return true;
  const classes = (element.getAttribute('class') ?? '').slice(0, MAX_ATTRIBUTE_CHARS).split(/\s+/);
  // "hidden md:block", "d-none d-md-block": hidden on phones only.
  if (classes.some((name) => SHOWN_ON_WIDER_SCREENS.test(name))) return false;
  return classes.some((name) => HIDING_CLASS.test(name));
}
/** Classes that hide: "hidden", "is-hidden", "ks-overlay-hidden", "d-none"; not "overflow-hidden". */
const HIDING_CLASS = /^(?:(?!overflow)[\w-]*[-_])?hidden$|^d-none$/i;
const SHOWN_ON_WIDER_SCREENS =
  /^(?:(?:sm|md|lg|xl|2xl):|d-(?:sm|md|lg|xl|xxl)-)(?:block|flex|grid|inline|inline-block|inline-flex|table)$/i;

/**
 * An image's address: its `src`, or its lazy-loading attribute while `src` is only a placeholder (inline
 * data). A `src` that holds a srcset list ("a.jpg 1x, b.jpg 2x") is a broken page's, not an address.
 */
function imageSource(img: DomElement): string | null {
  const src = img.getAttribute('src')?.trim() ?? '';
  const lazy = LAZY_SOURCES.map((name) => img.getAttribute(name)?.trim()).find(Boolean) ?? '';
  const usable = (value: string) =>
    value !== '' && !value.startsWith('data:') && !/\s\d+(\.\d+)?[wx]\b/.test(value);
  if (usable(src)) return src;
  return usable(lazy) ? lazy : null;
}

/** A length in pixels from an inline style (`height: 38px`); NaN when it says none, or another unit. */
function styleLength(style: string, property: 'width' | 'height'): number {
  const match = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*(\\d+(?:\\.\\d+)?)px`, 'i').exec(style);
  return match ? Number(match[1]) : NaN;
}
