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
/** A two-word phrase seen as often as its words is the better tag ("premier league" over "premier"). */
const PHRASE_WEIGHT = 1.1;

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

/**
 * 3–5 lower-case tags for a page. Candidates are single terms and two-word phrases weighted by where they
 * occur (title, description, the page's own keywords, body with the lead weighted up); a candidate that
 * matches one of the user's tags after normalisation takes that tag's exact spelling and a boost, so a
 * library keeps one "javascript" instead of "JavaScript", "javascript" and "java script".
 */
export function suggestTags(
  source: TagSource,
  existingTags: readonly string[] = [],
  language: Language = ENGLISH,
): string[] {
  const scores = new Map<string, { score: number; label: string; seen: number; phrase: boolean }>();
  const add = (label: string, weight: number, phrase = false) => {
    const clean = label.toLowerCase().trim();
    if (!clean || clean.length > MAX_TAG_LENGTH) return;
    const key = normalizeTag(clean, language);
    if (!key) return;
    const entry = scores.get(key);
    if (entry) {
      entry.score += weight;
      entry.seen += 1;
    } else scores.set(key, { score: weight, label: clean, seen: 1, phrase });
  };
  /**
   * `phrases`: pairs of neighbouring words count too. In Chinese and Japanese every two words are
   * neighbours, so there only the body's pairs count (a pair seen twice there is a term, one in a title
   * is usually two words that happen to meet).
   */
  const addText = (text: string | null | undefined, weight: number, phrases = true) => {
    const tokens = wordsWithCase(text ?? '');
    // In Title Case Headlines every word is capitalised, which says nothing about proper nouns.
    const titleCase = tokens.filter((t) => t.capitalised).length > tokens.length / 2;
    for (let i = 0; i < tokens.length; i += 1) {
      const { word, capitalised } = tokens[i] as CasedWord;
      const next = tokens[i + 1];
      if (!isContentWord(word, language) || word.length > 20) {
        // A name may start with a common word ("New Zealand", "New York"): capitalised inside a sentence,
        // with a capitalised word after it, it is kept as the name's first word, never as a tag alone.
        const name = phrases && capitalised && !titleCase && next?.joined && next.capitalised;
        if (name && language.spaced && isContentWord(next.word, language) && word.length > 1)
          add(`${word} ${next.word}`, weight * PHRASE_WEIGHT * 1.5, true);
        continue;
      }
      const proper = capitalised && !titleCase;
      // Proper nouns make good tags; English gerunds and past participles rarely do.
      const shape = proper ? 1.5 : language === ENGLISH && /(ing|ed)$/.test(word) ? 0.4 : 1;
      add(word, weight * shape);
      if (phrases && next?.joined && isContentWord(next.word, language)) {
        // Chinese and Japanese write a phrase's words together.
        const phrase = language.spaced ? `${word} ${next.word}` : `${word}${next.word}`;
        add(phrase, weight * PHRASE_WEIGHT * (proper && next.capitalised ? 1.5 : 1), true);
      }
    }
  };

  // The page's own keywords, but not its stop words ("一个" in a Chinese page's list).
  for (const keyword of source.keywords ?? [])
    if (!language.isStopword(keyword.trim().toLowerCase())) add(keyword, 6);
  addText(source.title, 4, language.spaced);
  addText(source.description, 2, language.spaced);
  source.paragraphs.slice(0, 40).forEach((paragraph, index) => addText(paragraph, 1 / (1 + index * 0.15)));

  const existing = new Map(existingTags.map((tag) => [normalizeTag(tag, language), tag]));
  for (const [key, entry] of scores) {
    const known = existing.get(key);
    if (known) {
      entry.label = known;
      entry.score *= 1.5;
    }
  }

  const ranked = [...scores.entries()]
    // A phrase met once is an accident of wording, not a topic.
    .filter(([, entry]) => entry.score >= 2 && (!entry.phrase || entry.seen >= 2))
    .sort((a, b) => b[1].score - a[1].score);
  // Where words are written apart, a phrase is made of whole words; in Chinese and Japanese of characters.
  const partOf = language.spaced
    ? (part: string, whole: string) => whole.split(' ').includes(part)
    : (part: string, whole: string) => whole.includes(part);
  const chosen = new Map<string, string>();
  for (const [key, entry] of ranked) {
    if (chosen.size >= MAX_TAGS) break;
    // A word already inside a chosen phrase adds nothing ("人工" beside "人工智能").
    if ([...chosen.keys()].some((k) => k !== key && partOf(key, k))) continue;
    // A phrase replaces the words of it chosen before ("premier league" over "league").
    for (const k of [...chosen.keys()]) if (partOf(k, key)) chosen.delete(k);
    chosen.set(key, entry.label);
  }
  return [...chosen.values()];
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
