import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../test/corpus.js';
import { archiveHtml, readerHtml } from './sanitize.js';

const PAGE = 'http://fakehost/test/page.html';
const dir = corpusDir('readability-test-pages');

/** Elements and attributes that run, submit, frame, refresh or style: none may be left in a kept page. */
const ACTIVE_ELEMENTS = new Set(
  'script form input button select textarea iframe frame frameset object embed meta base link style svg maction annotation-xml template'.split(
    ' ',
  ),
);
const ACTIVE_ATTRIBUTE = /^(on.*|style|srcdoc|formaction|xlink:href)$/i;
const ACTIVE_URL = /^\s*(javascript|vbscript|data):/i;

/** Every active element or attribute in `html`, as a browser's parser would find them. */
function activeParts(html: string): string[] {
  const found: string[] = [];
  for (const element of DomUtils.getElementsByTagName(() => true, parseDocument(html).children, true)) {
    if (ACTIVE_ELEMENTS.has(element.name.toLowerCase())) found.push(`<${element.name}>`);
    for (const [name, value] of Object.entries(element.attribs)) {
      if (ACTIVE_ATTRIBUTE.test(name)) found.push(`${element.name} ${name}`);
      if (/^(href|src|action|poster|cite)$/i.test(name) && ACTIVE_URL.test(value))
        found.push(`${name}="${value}"`);
    }
  }
  return found;
}

/** Words of the text of `html`. */
const words = (html: string) => DomUtils.textContent(parseDocument(html)).split(/\s+/).filter(Boolean).length;

/**
 * Mozilla's Readability test pages (pages nobody here wrote, ../shared/corpus): each page's archived copy
 * and each expected article's reader copy keep nothing active, and keep the article's words.
 */
describe.skipIf(!dir)('sanitize on real pages', () => {
  const cases = dir ? readdirSync(dir).filter((name) => existsSync(join(dir, name, 'source.html'))) : [];

  it('keeps nothing active in the archive or the reader, and the reader keeps the words', () => {
    let checked = 0;
    for (const name of cases) {
      const read = (file: string) => readFileSync(join(dir ?? '', name, file), 'utf8');
      const archive = archiveHtml(read('source.html'), PAGE);
      const expected = read('expected.html');
      const reader = readerHtml(expected, PAGE);
      for (const [what, html] of [
        ['archive', archive],
        ['reader', reader],
      ] as const) {
        expect(activeParts(html), `${name} ${what}`).toEqual([]);
      }
      expect(words(reader), name).toBeGreaterThanOrEqual(0.95 * words(expected));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(100);
  });
});
