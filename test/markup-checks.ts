import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, parseHTML } from 'linkedom';
import { validateXML } from 'xmllint-wasm';

/** RFC 4287 Appendix B's grammar in RELAX NG's XML syntax (the file says how it was made). */
const ATOM_SCHEMA = readFileSync(join(import.meta.dirname, 'fixtures', 'atom.rng'), 'utf8');

/** What the checks read of an element (the server's types have no DOM). */
interface XmlElement {
  localName: string;
  children: Iterable<XmlElement>;
  getAttribute(name: string): string | null;
}

/**
 * What is wrong with an Atom document: xmllint's errors against RFC 4287's RELAX NG grammar, then the
 * RFC's two Schematron rules, which the grammar cannot say (the feed or each entry has an author; each
 * entry has a link rel="alternate" or a content). Empty when the feed is valid.
 */
export async function atomProblems(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'feed.atom', contents: xml }],
    schema: [{ fileName: 'atom.rng', contents: ATOM_SCHEMA }],
    extension: 'relaxng',
  });
  if (!result.valid) return result.errors.map((error) => error.rawMessage);
  const feed: XmlElement = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  const children = (parent: XmlElement, name: string) =>
    [...parent.children].filter((child) => child.localName === name);
  const problems: string[] = [];
  const feedAuthor = children(feed, 'author').length > 0;
  children(feed, 'entry').forEach((entry, index) => {
    if (!feedAuthor && children(entry, 'author').length === 0)
      problems.push(`entry ${index + 1} has no author`);
    const alternate = children(entry, 'link').some(
      (link) => (link.getAttribute('rel') ?? 'alternate') === 'alternate',
    );
    if (!alternate && children(entry, 'content').length === 0)
      problems.push(`entry ${index + 1} has neither a link rel="alternate" nor a content`);
  });
  return problems;
}

/**
 * Whatever in an HTML page could run: script elements, inline event handlers (onload=, onerror=…),
 * javascript: addresses, and frames or objects that would bring in another document. Empty when none.
 */
export function activeContentIn(html: string): string[] {
  const { document } = parseHTML(html);
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    const name = element.localName;
    if (['script', 'iframe', 'object', 'embed', 'frame'].includes(name)) found.push(`<${name}>`);
    for (const { name: attribute, value } of [...element.attributes]) {
      if (attribute.toLowerCase().startsWith('on')) found.push(`${name}[${attribute}]`);
      if (/^\s*javascript:/i.test(value)) found.push(`${name}[${attribute}=javascript:]`);
    }
  }
  return found;
}
