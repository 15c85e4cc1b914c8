import sanitizeHtml from 'sanitize-html';
import { withoutTrackers } from '../../contracts/urls.js';

/**
 * The HTML Linkvault keeps of a page (API.md "Reading, organising and finding"): what the reader view
 * shows and the archived copy. Sanitized with sanitize-html, an allow-list: only the elements and
 * attributes named here survive; scripts, styles, forms, frames, objects, SVG, event handlers, `style`
 * attributes and every URL scheme but http(s) are gone; MathML stays as formulas, its presentation
 * elements only. Links and images become absolute (the reader is
 * served from Linkvault, not the page's site), links lose their tracking parameters, and one-pixel
 * images (tracking beacons) are dropped. The browser's CSP and the archive's sandbox are a second wall,
 * not the only one.
 */

const TEXT = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'kbd',
  'samp',
];
const INLINE = ['a', 'abbr', 'b', 'cite', 'del', 'dfn', 'em', 'i', 'ins', 'mark', 'q', 's', 'small', 'span'];
const MORE_INLINE = ['strong', 'sub', 'sup', 'time', 'u', 'var', 'bdi', 'bdo', 'wbr', 'ruby', 'rt', 'rp'];
const LISTS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd'];
const TABLES = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col'];
const MEDIA = ['img', 'figure', 'figcaption', 'picture', 'details', 'summary'];
/** The page's layout, kept in the archive only (the reader has the article alone). */
const LAYOUT = ['div', 'section', 'article', 'header', 'main', 'nav', 'aside', 'footer', 'address', 'center'];

/**
 * MathML's presentation elements: an article's formulas are its text (a mathematics page lost three words
 * in four without them). Never maction (it acts on clicks: its formulas stay, plain) nor annotation-xml
 * (it holds HTML or SVG: dropped whole).
 */
const MATH = [
  'math',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'mrow',
  'mfrac',
  'msqrt',
  'mroot',
  'mstyle',
  'merror',
  'mpadded',
  'mphantom',
  'msub',
  'msup',
  'msubsup',
  'munder',
  'mover',
  'munderover',
  'mmultiscripts',
  'mprescripts',
  'none',
  'mtable',
  'mtr',
  'mtd',
  'semantics',
  'annotation',
];
const MATH_ATTRIBUTES = ['mathvariant', 'displaystyle', 'scriptlevel'];

const READER_TAGS = [...TEXT, ...INLINE, ...MORE_INLINE, ...LISTS, ...TABLES, ...MEDIA, ...MATH];

const ATTRIBUTES: sanitizeHtml.IOptions['allowedAttributes'] = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start', 'reversed'],
  li: ['value'],
  time: ['datetime'],
  abbr: ['title'],
  math: ['display', ...MATH_ATTRIBUTES],
  mo: ['stretchy', 'fence', 'separator', 'form', 'largeop', 'movablelimits', 'symmetric', ...MATH_ATTRIBUTES],
  mfrac: ['linethickness', ...MATH_ATTRIBUTES],
  mover: ['accent', ...MATH_ATTRIBUTES],
  munder: ['accentunder', ...MATH_ATTRIBUTES],
  munderover: ['accent', 'accentunder', ...MATH_ATTRIBUTES],
  mspace: ['width', 'height', 'depth'],
  mtd: ['columnspan', 'rowspan', ...MATH_ATTRIBUTES],
  annotation: ['encoding'],
  ...Object.fromEntries(
    ['mi', 'mn', 'mtext', 'mrow', 'mstyle', 'msub', 'msup', 'msubsup'].map((tag) => [tag, MATH_ATTRIBUTES]),
  ),
  '*': ['lang', 'dir'],
};

/** An http(s) address, absolute against the page and without trackers; null for anything else. */
export function absoluteHttpUrl(value: string | undefined, base: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed || !URL.canParse(trimmed, base)) return null;
  const url = new URL(trimmed, base);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return withoutTrackers(url);
}

/** A beacon: an image declared one pixel (or zero) wide or high. */
const isBeacon = (attribs: Record<string, string>) =>
  ['width', 'height'].some((side) => {
    const size = attribs[side]?.trim();
    return size !== undefined && /^\d+(\.\d+)?(px)?$/.test(size) && Number.parseFloat(size) <= 1;
  });

function options(tags: string[], base: string): sanitizeHtml.IOptions {
  return {
    allowedTags: tags,
    allowedAttributes: ATTRIBUTES,
    allowedSchemes: ['http', 'https'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    // Elements whose text is not the page's text (code, controls' labels): dropped with all they hold.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'button',
      'noscript',
      'template',
      'title',
      'svg',
      'annotation-xml',
    ],
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = absoluteHttpUrl(attribs.href, base);
        const kept = { ...attribs };
        delete kept.href;
        return { tagName, attribs: href ? { ...kept, href } : kept };
      },
      img: (tagName, attribs) => {
        const src = absoluteHttpUrl(attribs.src ?? attribs['data-src'], base);
        return { tagName, attribs: { ...attribs, src: src ?? '' } };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && (!frame.attribs.src || isBeacon(frame.attribs)),
  };
}

/** The article as the reader shows it: its text, headings, lists, tables, quotes, code and pictures. */
export function readerHtml(articleHtml: string, pageUrl: string): string {
  return sanitizeHtml(articleHtml, options(READER_TAGS, pageUrl)).trim();
}

/** The whole page as fetched, its layout's elements kept, without anything that runs, submits or tracks. */
export function archiveHtml(pageHtml: string, pageUrl: string): string {
  return sanitizeHtml(pageHtml, options([...READER_TAGS, ...LAYOUT], pageUrl)).trim();
}
