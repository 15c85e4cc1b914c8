/**
 * Text from the web (titles, summaries, highlights) written into Markdown notes and their YAML front matter
 * as the same text, never as markup: a title must not become HTML, a link or a heading in the note.
 */

/**
 * A YAML scalar. JSON's string syntax is valid YAML 1.2 (a double-quoted scalar), so JSON.stringify does
 * the quoting (in which colons and '#' are plain text) and the escaping of quotes and line breaks. It leaves a few characters raw that YAML
 * 1.1 readers (still common in note apps) take as line breaks or refuse, and '<', which a Markdown renderer
 * that knows no front matter would read as the start of raw HTML: those are escaped too, as \uXXXX, which
 * every YAML reader decodes. No YAML library is installed, and these few lines are all writing needs.
 */
export const yamlString = (text: string) =>
  JSON.stringify(text).replace(
    /[<\u007f-\u009f\u2028\u2029\ufeff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

export const yamlValue = (value: string | boolean | null | readonly string[]): string =>
  value === null
    ? 'null'
    : typeof value === 'boolean'
      ? String(value)
      : typeof value === 'string'
        ? yamlString(value)
        : `[${value.map(yamlString).join(', ')}]`;

/** CommonMark lets any ASCII punctuation be escaped; these are the ones that start markup or raw HTML. */
const MARKUP = /[\\`*_[\]<>&#|~]/g;
export const markdownText = (text: string) => text.replace(MARKUP, '\\$&');

/** One line of text (a heading, a list item, a link's words). */
export const markdownLine = (text: string) => markdownText(text.replace(/\s+/g, ' ').trim());

/** Every line of the text as a block quote. */
export const markdownQuote = (text: string) =>
  markdownText(text.trim())
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');

/**
 * A link destination that cannot end the link or break out of it: white space, angle brackets, parentheses
 * and backslashes percent-encoded (the rest of a URL stays as it is, its own escapes included).
 */
export const markdownDestination = (target: string) => target.replace(/[\s<>()\\]/gu, percentEncoded);

const percentEncoded = (char: string) =>
  Array.from(Buffer.from(char), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
