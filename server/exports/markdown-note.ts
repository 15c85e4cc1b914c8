import type { Link } from '../../contracts/index.js';
import { presentLink } from '../library/links.presenter.js';
import type { LinkRecord } from '../library/links.repository.js';
import type { SnippetRow } from '../library/snippets.repository.js';
import {
  markdownDestination,
  markdownLine,
  markdownQuote,
  markdownText,
  yamlValue,
} from './markdown-text.js';

/**
 * One link as a note for Obsidian, Logseq or any Markdown editor: YAML front matter the note apps index
 * (title, url, created, tags, folder, state, favorite), then what Linkvault learned of the page and the
 * snippets the person took from it, each with their note.
 */
export function markdownNote(
  row: LinkRecord,
  snippets: readonly SnippetRow[],
  folderName: string | null,
): string {
  const link = presentLink(row);
  const frontMatter = [
    '---',
    `title: ${yamlValue(link.title)}`,
    `url: ${yamlValue(link.url)}`,
    `created: ${yamlValue(link.createdAt)}`,
    `tags: ${yamlValue(link.tags)}`,
    `folder: ${yamlValue(folderName)}`,
    `state: ${yamlValue(link.state)}`,
    `favorite: ${yamlValue(link.favorite)}`,
    '---',
  ].join('\n');
  const body = [
    `# ${markdownLine(link.title)}`,
    `[${markdownLine(link.url)}](${markdownDestination(link.url)})`,
    ...(link.description ? [markdownText(link.description)] : []),
    ...summary(link),
    ...section('Key points', link.keyPoints.map((point) => `- ${markdownLine(point)}`).join('\n')),
    ...section('Highlights', link.highlights.map((highlight) => `- ${markdownLine(highlight)}`).join('\n')),
    ...section('Snippets', snippets.map(snippet).join('\n\n')),
  ];
  return `${frontMatter}\n\n${body.join('\n\n')}\n`;
}

function summary(link: Link): string[] {
  const paragraphs = [link.summaryShort, link.summaryLong].flatMap((text) =>
    text ? [markdownText(text)] : [],
  );
  return section('Summary', paragraphs.join('\n\n'));
}

const section = (heading: string, content: string): string[] => (content ? [`## ${heading}`, content] : []);

const snippet = (row: SnippetRow): string =>
  row.note
    ? `${markdownQuote(row.selected_text)}\n\nNote: ${markdownText(row.note)}`
    : markdownQuote(row.selected_text);
