/** PostgreSQL text cannot hold NUL (SQLite can): text from outside is stored without it. */
export const withoutNul = (text: string): string => text.replaceAll('\u0000', '');

/** Runs of white space (line breaks, tabs, non-breaking spaces) as one space, none at the ends. */
export const collapseWhitespace = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * `text` cut to at most `max` characters, at the last white space when it falls in the last fifth (a word
 * is not split), else at `max` itself (a text without spaces: a URL, CJK).
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.search(/\s\S*$/);
  return (lastSpace > max * 0.8 ? cut.slice(0, lastSpace) : cut).trimEnd();
}
