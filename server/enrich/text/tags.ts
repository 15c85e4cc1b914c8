import { type CasedWord, isContentWord, stem, wordsWithCase } from './words.js';

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
export function normalizeTag(tag: string): string {
  return tag
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#.\- ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .map(stem)
    .join(' ');
}

/**
 * 3–5 lower-case tags for a page. Candidates are single terms and two-word phrases weighted by where they
 * occur (title, description, the page's own keywords, body with the lead weighted up); a candidate that
 * matches one of the user's tags after normalisation takes that tag's exact spelling and a boost, so a
 * library keeps one "javascript" instead of "JavaScript", "javascript" and "java script".
 */
export function suggestTags(source: TagSource, existingTags: readonly string[] = []): string[] {
  const scores = new Map<string, { score: number; label: string; seen: number }>();
  const add = (label: string, weight: number) => {
    const clean = label.toLowerCase().trim();
    if (!clean || clean.length > MAX_TAG_LENGTH) return;
    const key = normalizeTag(clean);
    if (!key) return;
    const entry = scores.get(key);
    if (entry) {
      entry.score += weight;
      entry.seen += 1;
    } else scores.set(key, { score: weight, label: clean, seen: 1 });
  };
  const addText = (text: string | null | undefined, weight: number) => {
    const tokens = wordsWithCase(text ?? '');
    // In Title Case Headlines every word is capitalised, which says nothing about proper nouns.
    const titleCase = tokens.filter((t) => t.capitalised).length > tokens.length / 2;
    for (let i = 0; i < tokens.length; i += 1) {
      const { word, capitalised } = tokens[i] as CasedWord;
      if (!isContentWord(word) || word.length > 20) continue;
      const proper = capitalised && !titleCase;
      // Proper nouns make good tags; gerunds and past participles rarely do.
      const shape = proper ? 1.5 : /(ing|ed)$/.test(word) ? 0.4 : 1;
      add(word, weight * shape);
      const next = tokens[i + 1];
      if (next?.joined && isContentWord(next.word)) {
        add(`${word} ${next.word}`, weight * PHRASE_WEIGHT * (proper && next.capitalised ? 1.5 : 1));
      }
    }
  };

  for (const keyword of source.keywords ?? []) add(keyword, 6);
  addText(source.title, 4);
  addText(source.description, 2);
  source.paragraphs.slice(0, 40).forEach((paragraph, index) => addText(paragraph, 1 / (1 + index * 0.15)));

  const existing = new Map(existingTags.map((tag) => [normalizeTag(tag), tag]));
  for (const [key, entry] of scores) {
    const known = existing.get(key);
    if (known) {
      entry.label = known;
      entry.score *= 1.5;
    }
  }

  const ranked = [...scores.entries()]
    // A phrase met once is an accident of wording, not a topic.
    .filter(([key, entry]) => entry.score >= 2 && (!key.includes(' ') || entry.seen >= 2))
    .sort((a, b) => b[1].score - a[1].score);
  const chosen = new Map<string, string>();
  for (const [key, entry] of ranked) {
    if (chosen.size >= MAX_TAGS) break;
    const parts = key.split(' ');
    if (parts.length === 1) {
      // A word already inside a chosen phrase adds nothing.
      if ([...chosen.keys()].some((k) => k.split(' ').includes(key))) continue;
    } else {
      // A phrase replaces the single words of it chosen before ("premier league" over "league").
      for (const part of parts) chosen.delete(part);
    }
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
