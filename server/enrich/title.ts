import { collapseWhitespace } from '../lib/text.js';

/**
 * The headline as the page shows it. Titles in `og:title` and `<title>` often carry the site's
 * name ("… | CBC News", "…：朝日新聞デジタル"), a section, an author or a note ("(Published 2016)"); the
 * page's `<h1>` is the headline itself. So: a title that holds an `<h1>` at its start or end, set off by
 * a separator, gives that `<h1>`; otherwise the site's name is taken off either end.
 */
interface TitleSources {
  /** Titles in order of preference: the first that is not empty is the fallback. */
  titles: (string | null | undefined)[];
  /** The page's `<h1>` texts. */
  headings: string[];
  /** What the page calls its site (`og:site_name`, `application-name`, the JSON-LD publisher). */
  siteNames: (string | null | undefined)[];
  pageUrl: string;
}

/**
 * What may stand between a headline and the rest of a title, after it and before it. Latin separators
 * need space around them, or "Jean-Paul" and "3:2" would split; full-width ones, the underscore Chinese
 * portals use and an opening bracket ("(Published 2016)", "（CNET Japan）") do not.
 */
const SEPARATOR_AFTER = /^(?:\s+(?:[|\-–—·»/]|::|--)\s|:\s|\s*[：｜_＿]|\s*[(（[［＜<【「])/u;
/** Chinese and Japanese titles set a hyphen or bar against the headline without spaces ("…需求-新华网"). */
const CJK_SEPARATOR_AFTER = /^\s*[-|–—]/u;
const ENDS_IN_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
const SEPARATOR_BEFORE = /(?:\s(?:[|\-–—·»/]|::|--)\s+|:\s+|[：｜_＿]\s*)$/u;
/** Where a title splits into segments; a colon only before its last few words (a suffix, not a subtitle). */
const SPLIT = /\s+(?:[|\-–—·»/]|::|--)\s+|\s*[：｜_＿]\s*|\s*:\s+(?=\S+(?:\s+\S+){0,3}$)/u;

const HAS_WORD = /[\p{L}\p{N}]/u;

/** Quotes and apostrophes are written both ways across a page's title and its heading. */
const comparable = (text: string) =>
  text
    .replace(/[‘’ʼ`´]/g, "'")
    .replace(/[“”„«»]/g, '"')
    .toLocaleLowerCase();

export function headline(sources: TitleSources): string | null {
  // A title of separators alone ("：：：") says nothing.
  const titles = sources.titles
    .map((title) => collapseWhitespace(title ?? ''))
    .filter((title) => HAS_WORD.test(title));
  if (titles.length === 0) return null;
  const identities = siteIdentities(sources);
  // A heading that names the site is the masthead ("Silicon Exposed", "Salon"), not the headline.
  const headings = [
    ...new Set(
      sources.headings.map((heading) => collapseWhitespace(heading.replace(PERMALINK, ''))).filter(Boolean),
    ),
  ].filter((heading) => !namesSite(heading, identities));
  // A title that is all one heading wins; else the longest heading a title holds (a section's <h1> at
  // the title's start, "Engineering | How we scaled…", is shorter than the article's), at its start on a tie.
  let best: { heading: string; rank: number } | null = null;
  for (const title of titles) {
    for (const heading of headings) {
      const place = placeIn(title, heading);
      const rank = place === EXACT ? Infinity : place && heading.length * 2 + place;
      if (rank > 0 && (!best || rank > best.rank))
        best = { heading: place === EXACT ? title : heading, rank };
    }
  }
  return best?.heading ?? withoutSiteName(titles[0]!, identities);
}

/**
 * A permalink sign documentation generators put after a heading ("Evolve: Shared Mutable History¶"); a
 * "#" only set apart, or "Why I love F#" would lose its language.
 */
const PERMALINK = /\s+#\s*$|[¶🔗]\s*$/u;

const EXACT = 3;
const AT_START = 2;
const AT_END = 1;

/**
 * How a title holds a heading: as all of it, at its start, or at its end, set off from the rest by a
 * separator (0: not at all). A heading at the end, or before a colon, must be at least as long as what
 * it leaves out: "Outside the web: … · V8" is not about "V8", nor "Silicon Exposed: Open Verilog…"
 * about the blog's name.
 */
function placeIn(title: string, heading: string): number {
  const text = comparable(title);
  const wanted = comparable(heading);
  if (text === wanted) return EXACT;
  const longEnough = (rest: string) => rest.trim().length <= wanted.length;
  if (text.startsWith(wanted)) {
    const after = text.slice(wanted.length);
    const separated =
      SEPARATOR_AFTER.test(after) || (ENDS_IN_CJK.test(wanted) && CJK_SEPARATOR_AFTER.test(after));
    if (separated && (!/^:/.test(after) || longEnough(after))) return AT_START;
  }
  if (text.endsWith(wanted)) {
    const before = text.slice(0, text.length - wanted.length);
    if (SEPARATOR_BEFORE.test(before) && longEnough(before)) return AT_END;
  }
  return 0;
}

/** Names and hosts the site goes by, compared by their letters and digits only. */
function siteIdentities(sources: TitleSources): string[] {
  const names = sources.siteNames.map((name) => letters(name ?? ''));
  const host = URL.canParse(sources.pageUrl) ? new URL(sources.pageUrl).hostname : '';
  const labels = host.replace(/^www\d*\./, '').split('.');
  // "cbc.ca" -> "cbc", "bbc.co.uk" -> "bbc": the name before the public suffix, guessed from its shape.
  const secondLevel = labels.length > 2 && labels.at(-1)!.length === 2 && labels.at(-2)!.length <= 3;
  const brand = labels.at(secondLevel ? -3 : -2) ?? '';
  return [...names, letters(labels.join('.')), letters(brand)].filter((name) => name.length >= 2);
}

const letters = (text: string) => text.toLocaleLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A segment names the site when its letters are the site's name or host, or that name with one short word
 * more or less ("CBC News" on cbc.ca, "Libération" for "Libération.fr", "The Washington Post"). A headline
 * that merely holds the brand ("Microsoft announces layoffs") is no site name.
 */
function namesSite(segment: string, identities: string[]): boolean {
  const text = letters(segment);
  if (text.length < 2) return false;
  return identities.some((identity) => {
    if (text === identity) return true;
    const [longer, shorter] = text.length > identity.length ? [text, identity] : [identity, text];
    const affix = longer.length - shorter.length;
    return (
      shorter.length >= 3 &&
      affix <= MAX_NAME_AFFIX &&
      (longer.startsWith(shorter) || longer.endsWith(shorter))
    );
  });
}
/** "News", "Blog", "Online", ".com", "The": what a site's name adds to its brand. */
const MAX_NAME_AFFIX = 6;

/** The title with segments naming the site taken off its end, then off its start. */
function withoutSiteName(title: string, identities: string[]): string {
  const parts = splitKeepingSeparators(title);
  let first = 0;
  let last = parts.length - 1;
  while (last > first && namesSite(parts[last]!.text, identities)) last -= 1;
  // A leading name followed by a colon is often the subject ("Python: a guide"), so only other separators.
  while (
    first < last &&
    parts[first + 1]!.separator.trim() !== ':' &&
    namesSite(parts[first]!.text, identities)
  )
    first += 1;
  return parts
    .slice(first, last + 1)
    .map((part, index) => (index === 0 ? part.text : part.separator + part.text))
    .join('');
}

/**
 * The title's segments, each with the separator before it. One at the very start belongs to the text
 * ("_why's poignant guide"); one at the very end, with nothing after it, is dropped ("Headline ｜").
 */
function splitKeepingSeparators(title: string): { separator: string; text: string }[] {
  const parts: { separator: string; text: string }[] = [];
  const leading = SPLIT.exec(title);
  const lead = leading?.index === 0 ? leading[0] : '';
  let rest = title.slice(lead.length);
  let text = lead;
  let separator = '';
  for (let match = SPLIT.exec(rest); match; match = SPLIT.exec(rest)) {
    if (match.index > 0) {
      parts.push({ separator, text: text + rest.slice(0, match.index) });
      text = '';
      separator = match[0];
    } else {
      separator += match[0];
    }
    rest = rest.slice(match.index + match[0].length);
  }
  if (text + rest || parts.length === 0) parts.push({ separator, text: text + rest });
  return parts;
}
