import { escapeHtml } from './html.js';

/**
 * Characters XML 1.0 does not allow in a document (C0 controls other than tab and line breaks, lone
 * surrogates, U+FFFE and U+FFFF), which HTML forbids too: a saved page's title may carry one, and a feed
 * holding it is not well-formed.
 */
const NOT_IN_XML =
  // eslint-disable-next-line no-control-regex -- these control characters are exactly what is matched
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text made by `markup`: everything in it that came from a value was escaped. */
export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** What a template may hold: text (escaped), markup (kept), a list of either, or nothing (left out). */
export type MarkupValue = Markup | string | number | null | undefined | false | readonly MarkupValue[];

const rendered = (value: MarkupValue): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return (value as readonly MarkupValue[]).map(rendered).join('');
  return escapeHtml(String(value).replace(NOT_IN_XML, ''));
};

/**
 * HTML and XML from a template whose values are escaped by default: a value is text unless it is itself
 * `markup`, so no title, tag or address can open an element or leave an attribute (which must be quoted).
 * The public folder pages, their Atom feed and the private insight feed are written with it.
 */
export function markup(strings: TemplateStringsArray, ...values: MarkupValue[]): Markup {
  return new Markup(strings.reduce((text, part, index) => text + rendered(values[index - 1] ?? null) + part));
}
