import { MAX_SNIPPETS_PER_ENTRY, type ImportedSnippet } from './types.js';

export interface OmnivoreHighlights {
  /** The first MAX_SNIPPETS_PER_ENTRY highlights… */
  snippets: ImportedSnippet[];
  /** …and how many more the file holds, counted, not kept. */
  leftOut: number;
  /** A note on the page itself, not on a highlight. */
  note: string | null;
}

const LABELS = /^#\S+(\s+#\S+)*$/;

/**
 * An Omnivore export's highlights/<slug>.md, as Omnivore wrote it (omnivore-app/omnivore,
 * packages/api/src/utils/parser.ts `highlightToMarkdown`, joined by blank lines in src/jobs/export.ts):
 * a highlight is a paragraph opening with "> ", in which Omnivore replaced the quote's blank lines with
 * "> "; the paragraphs after it are its labels ("#a #b") and its note; a paragraph before any highlight
 * is a note on the page. The markdown cannot tell a note that opens with "> " from a highlight, nor a
 * note of only hashtags from labels: those read as Omnivore's layout says they most likely are.
 * Highlight labels have no place on a Linkvault snippet and are left out.
 */
export function parseHighlights(markdown: string): OmnivoreHighlights {
  const snippets: ImportedSnippet[] = [];
  let leftOut = 0;
  const pageNote: string[] = [];
  let current: { text: string; note: string[]; labelled: boolean } | null = null;
  const finish = () => {
    if (!current?.text) return;
    if (snippets.length === MAX_SNIPPETS_PER_ENTRY) leftOut++;
    else snippets.push({ text: current.text, note: current.note.join('\n\n') || null });
  };
  for (const paragraph of markdown.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n\s*/)) {
    if (paragraph.startsWith('>')) {
      finish();
      const lines = paragraph
        .split('\n')
        .map((line, i) => (i === 0 ? line.replace(/^> ?/, '') : /^>\s*$/.test(line) ? '' : line));
      current = { text: lines.join('\n').trim(), note: [], labelled: false };
    } else if (!paragraph.trim()) {
      continue;
    } else if (!current) {
      pageNote.push(paragraph.trim());
    } else if (!current.labelled && current.note.length === 0 && LABELS.test(paragraph.trim())) {
      current.labelled = true;
    } else {
      current.note.push(paragraph.trim());
    }
  }
  finish();
  return { snippets, leftOut, note: pageNote.join('\n\n') || null };
}
