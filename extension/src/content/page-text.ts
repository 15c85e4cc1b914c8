import { type PageText, readText } from '../../../ui/lib/highlights.js';

/** The extension's own elements in the page, and what of the page is not its text. */
export const TOOLBAR_TAG = 'linkvault-toolbar';
export const HIGHLIGHT_TAG = 'linkvault-highlight';
/** A saved highlight's note, shown on hover (content/note-tip.ts). */
export const NOTE_TAG = 'linkvault-note';
const NOT_PAGE_TEXT = `script, style, noscript, template, textarea, select, ${TOOLBAR_TAG}`;

/**
 * The page's text as highlights address it (ui/lib/highlights.ts): text that is not read as part of the
 * page (scripts, styles, form fields) and the extension's own toolbar are left out.
 */
export const readPageText = (root: Node = document.body): PageText => readText(root, NOT_PAGE_TEXT);
