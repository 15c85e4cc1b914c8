import { memoize } from '../../lib/memo.js';
import { ENGLISH, type Language, isContentWord } from './language.js';
import { type CasedWord, wordsWithCase } from './words.js';

export interface TagSource {
  title?: string | null;
  description?: string | null;
  paragraphs: string[];
  /** Tags the page names itself (meta keywords, article:tag). */
  keywords?: string[];
}

const MAX_TAGS = 5;
const MAX_TAG_LENGTH = 32;
/**
 * No tag longer than 4 words. A phrase of common words stops at 2 (at three they are mostly
 * clauses: "strong interaction becomes"); a name may run to 4 ("people power party").
 */
const MAX_PHRASE_WORDS = 2;
const MAX_NAME_WORDS = 4;
/** A phrase seen as often as its words is the better tag ("premier league" over "premier"). */
const PHRASE_WEIGHT = 1.1;
/**
 * A term met mostly inside one longer phrase is a fragment of it ("zealand" of "new zealand", "ipsum" of
 * "lorem ipsum"): the phrase is the tag, never the fragment.
 */
const FRAGMENT_SHARE = 2 / 3;

/** The form two tags share when they mean the same: lower case, single spaces, plural folded. */
export function normalizeTag(tag: string, language: Language = ENGLISH): string {
  return tag
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#.\- ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .map(language.stem)
    .join(' ');
}

interface Candidate {
  label: string;
  /** Its words' normal forms (normalizeTag), in order. */
  parts: string[];
  score: number;
  seen: number;
  /** How often the likeliest longer phrase holding it was seen. */
  heldBy: number;
  /**
   * Whether it can be a tag. A run that cannot (it starts with a common word: "new york" on a page
   * where New is not set inside a sentence) is counted all the same, to show its parts are fragments.
   */
  tag: boolean;
  /** Seen as a name: capitalised words inside a sentence. */
  name: boolean;
}

/**
 * 3–5 lower-case tags for a page. Candidates are terms and phrases of up to two words (four for a
 * name) weighted by where they occur (title, description, the page's own keywords, body with the lead
 * weighted up); a candidate that matches one of the user's tags after normalisation takes that tag's
 * exact spelling and a boost, so a library keeps one "javascript" instead of "JavaScript", "javascript"
 * and "java script". No two tags share a word, and no tag is a fragment of a phrase the page uses.
 */
export function suggestTags(
  source: TagSource,
  existingTags: readonly string[] = [],
  language: Language = ENGLISH,
): string[] {
  const join = (parts: readonly string[]) => parts.join(language.spaced ? ' ' : '');
  const candidates = new Map<string, Candidate>();
  const add = (
    label: string,
    key: string,
    parts: () => string[],
    weight: number,
    tag = true,
    name = false,
  ) => {
    const clean = label.toLowerCase().trim();
    if (!clean || clean.length > MAX_TAG_LENGTH || !key) return;
    const entry = candidates.get(key);
    if (entry) {
      entry.score += weight;
      entry.seen += 1;
      entry.tag ||= tag;
      entry.name ||= name;
    } else
      candidates.set(key, { label: clean, parts: parts(), score: weight, seen: 1, heldBy: 0, tag, name });
  };
  // A page uses its words many times: each word's normal form is made once.
  const normalOf = memoize((word: string) => normalizeTag(word, language));
  /**
   * `phrases`: runs of neighbouring words may be tags. In Chinese and Japanese every two words are
   * neighbours, so there only the body's runs may (a run seen twice there is a term, one in a title is
   * usually words that happen to meet); the title's still show which words are parts of a term.
   */
  const addText = (text: string | null | undefined, weight: number, phrases = true) => {
    const tokens = wordsWithCase(text ?? '');
    // In Title Case Headlines every word is capitalised, which says nothing about proper nouns.
    const titleCase = tokens.filter((t) => t.capitalised).length > tokens.length / 2;
    // Each word's facts once, not once per run it is in: runs are most of the tagger's time.
    const facts = tokens.map((token) => wordFacts(token, language, titleCase, normalOf));
    const separator = language.spaced ? ' ' : '';
    for (let start = 0; start < tokens.length; start += 1) {
      const first = facts[start] as WordFacts;
      let label = '';
      let key = '';
      let name = true;
      let inner = true;
      let makesFragments = true;
      for (let end = start; end < Math.min(tokens.length, start + MAX_NAME_WORDS); end += 1) {
        const word = facts[end] as WordFacts;
        if (end > start && !word.joined) break;
        label += (end > start ? separator : '') + word.word;
        key += (end > start ? separator : '') + word.normal;
        name &&= word.proper;
        makesFragments &&= word.content || word.capitalised;
        const length = end - start + 1;
        // Words between a run's ends are content words; its ends are no stop words in English either,
        // but a name may start with a common word (WordFacts.edge).
        const tag =
          (phrases || length === 1) &&
          length <= (name ? MAX_NAME_WORDS : MAX_PHRASE_WORDS) &&
          inner &&
          word.edge &&
          (length === 1 || first.edge || (name && first.word.length > 1 && language.spaced));
        if (end > start) inner &&= word.content;
        if (!tag && !(length > 1 && makesFragments)) continue;
        // Proper nouns make good tags; English gerunds and past participles rarely do.
        const shape =
          length > 1
            ? PHRASE_WEIGHT ** (length - 1) * (name ? 1.5 : 1)
            : first.proper
              ? 1.5
              : language === ENGLISH && /(ing|ed)$/.test(first.word)
                ? 0.4
                : 1;
        add(
          label,
          key,
          () => facts.slice(start, end + 1).map((f) => f.normal),
          weight * shape,
          tag,
          name && length > 1,
        );
      }
    }
  };

  // The page's own keywords, but not a stop word ("一个" in a Chinese page's list), nor one ending in a
  // stop word or starting with a number ("1975年": a year, not a topic).
  const stop = (word: string) => language.isStopword(word) || ENGLISH.isStopword(word);
  for (const keyword of source.keywords ?? []) {
    const words = wordsWithCase(keyword).map((token) => token.word);
    const last = words.at(-1);
    if (
      last &&
      !stop(last) &&
      !(words.length === 1 && stop(keyword.trim().toLowerCase())) &&
      !/^\d/.test(words[0] ?? '')
    ) {
      const parts = normalizeTag(keyword, language).split(' ');
      add(keyword, join(parts), () => parts, KEYWORD_WEIGHT);
    }
  }
  addText(source.title, 4, language.spaced);
  addText(source.description, 2, language.spaced);
  // The lead says what a page is about; the rest only shows how its words are used ("code" is always
  // "status code" further down), so it counts uses but adds no weight.
  // A short line written again word for word (a running header: "Internet-Draft remoteStorage December
  // 2014" on every page of an RFC) is furniture, read once.
  const read = new Set<string>();
  source.paragraphs
    .filter((paragraph) => {
      const again = read.has(paragraph) && paragraph.split(/\s+/).length <= FURNITURE_WORDS;
      read.add(paragraph);
      return !again;
    })
    .slice(0, USES_READ)
    .forEach((paragraph, index) => addText(paragraph, index < LEAD_READ ? 1 / (1 + index * 0.15) : 0));

  // A phrase seen twice makes its parts fragments if it may be a tag, or is short and only starts with a
  // common word ("new york"); one merely too long does not ("south korean president" stays).
  for (const entry of candidates.values()) {
    if (entry.parts.length < 2 || entry.seen < MIN_PHRASE_SEEN) continue;
    if (!entry.tag && entry.parts.length > MAX_PHRASE_WORDS) continue;
    for (const part of [entry.parts.slice(1), entry.parts.slice(0, -1)]) {
      const held = candidates.get(join(part));
      if (held) held.heldBy = Math.max(held.heldBy, entry.seen);
    }
  }

  const existing = new Map(existingTags.map((tag) => [normalizeTag(tag, language), tag]));
  for (const [key, entry] of candidates) {
    const known = existing.get(key);
    if (known) {
      entry.label = known;
      entry.score *= 1.5;
    }
  }

  const ranked = [...candidates.values()]
    .filter(
      (entry) => entry.tag && entry.score >= 2 && (entry.parts.length === 1 || entry.seen >= MIN_PHRASE_SEEN),
    )
    .filter((entry) => entry.heldBy < entry.seen * FRAGMENT_SHARE || existing.has(join(entry.parts)))
    .sort((a, b) => b.score - a.score);
  // Where words are written apart, tags share no word; in Chinese and Japanese no characters' run.
  const overlaps = language.spaced
    ? (a: Candidate, b: Candidate) => a.parts.some((part) => b.parts.includes(part))
    : (a: Candidate, b: Candidate) =>
        join(a.parts).includes(join(b.parts)) || join(b.parts).includes(join(a.parts));
  const chosen: Candidate[] = [];
  for (const entry of ranked) {
    // A phrase replaces the words of it chosen before ("premier league" over "league"), a name even once
    // five are chosen ("president yoon suk yeol" over "yoon"); other overlaps go.
    const within = chosen.filter((c) => c.parts.every((part) => entry.parts.includes(part)));
    if (chosen.length >= MAX_TAGS && (within.length === 0 || !entry.name)) continue;
    if (chosen.some((c) => !within.includes(c) && overlaps(c, entry))) continue;
    if (within.length > 0 && entry.parts.length === 1) continue;
    for (const c of within) chosen.splice(chosen.indexOf(c), 1);
    chosen.push(entry);
  }
  return chosen.map((entry) => entry.label);
}

/** Paragraphs that weigh a term, and paragraphs read for how its words are used. */
const LEAD_READ = 40;
const USES_READ = 300;
/** A repeated line of up to this many words is a running header or footer. */
const FURNITURE_WORDS = 8;

/** A phrase met once is an accident of wording, not a topic. */
const MIN_PHRASE_SEEN = 2;

/** The page naming its own topics says more than any one word of its text. */
const KEYWORD_WEIGHT = 6;

interface WordFacts {
  word: string;
  /** Its normal form (normalizeTag). */
  normal: string;
  joined: boolean;
  capitalised: boolean;
  /** Capitalised inside a sentence that is not in Title Case: a proper noun. */
  proper: boolean;
  /** Can carry meaning in the page's language: it may stand inside a phrase. */
  content: boolean;
  /**
   * May end a tag or be one: a content word that is no English stop word either (pages in every language
   * quote English names, and neither "and" nor "the new york" is a tag on a Spanish page). A name may
   * still start with a common word ("New Zealand", "The Hague").
   */
  edge: boolean;
}

function wordFacts(
  token: CasedWord,
  language: Language,
  titleCase: boolean,
  normalOf: (word: string) => string,
): WordFacts {
  const content = isContentWord(token.word, language);
  return {
    word: token.word,
    normal: normalOf(token.word),
    joined: token.joined,
    capitalised: token.capitalised,
    proper: token.capitalised && !titleCase,
    content,
    edge: content && !ENGLISH.isStopword(token.word),
  };
}

/**
 * Tags proposed elsewhere (a language model) held to the built-in tagger's rules: lower case, single
 * spaces, at most MAX_TAG_LENGTH characters, no two with the same normal form, at most `max`, and the
 * user's own spelling wherever one of their tags means the same (so "JavaScript" and "javascripts" both
 * become the library's "javascript").
 */
export function reconcileTags(
  candidates: readonly string[],
  existingTags: readonly string[] = [],
  max = MAX_TAGS,
): string[] {
  const existing = new Map(existingTags.map((tag) => [normalizeTag(tag), tag]));
  const chosen = new Map<string, string>();
  for (const candidate of candidates) {
    if (chosen.size >= max) break;
    const label = candidate
      .toLowerCase()
      .replace(/[^\p{L}\p{N}+#.\- ]+/gu, ' ')
      .replace(/^[#.\-\s]+|[.\-\s]+$/g, '')
      .replace(/\s+/g, ' ');
    if (!label || label.length > MAX_TAG_LENGTH) continue;
    const key = normalizeTag(label);
    if (!key || chosen.has(key)) continue;
    chosen.set(key, existing.get(key) ?? label);
  }
  return [...chosen.values()];
}
