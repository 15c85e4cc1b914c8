import { SNIPPET_COLORS, type SnippetColor } from '../../../contracts/constants.js';
import { attachOverlay } from './overlay.js';
import { TOOLBAR_TAG } from './page-text.js';

/**
 * The toolbar that appears on a selection: the 5 snippet colours of SPEC.md §3 (a click highlights in that
 * colour) and a note field. It lives in a closed shadow root, so the page's styles neither reach it nor are
 * reached by it, and the page's scripts can neither read the note being typed nor press its buttons; its
 * buttons also ignore clicks that scripts make (untrusted events). The session stays in the background script.
 */

export interface SaveOutcome {
  tone: 'success' | 'pending' | 'error';
  message: string;
  action?: { label: string; run: () => void };
}

const SWATCHES: Record<SnippetColor, { label: string; fill: string }> = {
  yellow: { label: 'Yellow', fill: '#fbbf24' },
  green: { label: 'Green', fill: '#10b981' },
  blue: { label: 'Blue', fill: '#0ea5e9' },
  pink: { label: 'Pink', fill: '#ec4899' },
  purple: { label: 'Purple', fill: '#a855f7' },
};

const TOOLBAR_CSS = `
:host { all: initial; }
.bar { position: fixed; box-sizing: border-box; min-width: 236px; max-width: 320px; padding: 6px;
  font: 500 13px/1.4 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  color: #0f172a; background: #fff; border: 1px solid #e2e8f0; border-radius: 12px;
  box-shadow: 0 10px 30px -8px rgb(15 23 42 / .25), 0 2px 6px rgb(15 23 42 / .08); }
.row { display: flex; align-items: center; gap: 2px; }
.swatch { all: unset; box-sizing: border-box; display: grid; place-items: center; width: 30px; height: 30px;
  border-radius: 8px; cursor: pointer; }
.swatch span { width: 18px; height: 18px; border-radius: 999px; box-shadow: inset 0 0 0 1px rgb(15 23 42 / .12); }
.swatch:hover { background: #f1f5f9; }
.swatch:focus-visible, .note-toggle:focus-visible, .action:focus-visible { outline: 2px solid #6366f1; outline-offset: 1px; }
.divider { width: 1px; height: 20px; margin: 0 4px; background: #e2e8f0; }
.note-toggle { all: unset; box-sizing: border-box; display: inline-flex; align-items: center; gap: 6px; height: 30px;
  padding: 0 10px; border-radius: 8px; cursor: pointer; color: #475569; }
.note-toggle:hover, .note-toggle[aria-expanded='true'] { background: #f1f5f9; color: #0f172a; }
.note-toggle svg { width: 15px; height: 15px; }
textarea { all: unset; box-sizing: border-box; display: block; width: 100%; min-height: 64px; margin-bottom: 6px;
  padding: 8px 10px; border: 1px solid #cbd5e1; border-radius: 8px; background: #fff; color: #0f172a;
  font: 400 13px/1.45 inherit; font-family: inherit; white-space: pre-wrap; overflow-wrap: anywhere; }
textarea:focus { border-color: #6366f1; box-shadow: 0 0 0 3px rgb(99 102 241 / .25); }
textarea::placeholder { color: #94a3b8; }
.hint { margin: 0 2px 6px; font-size: 12px; font-weight: 400; color: #64748b; }
.status { display: flex; align-items: center; gap: 8px; min-height: 30px; padding: 0 6px; }
.status .dot { flex: none; width: 8px; height: 8px; border-radius: 999px; background: #10b981; }
.status[data-tone='pending'] .dot { background: #f59e0b; }
.status[data-tone='error'] .dot { background: #ef4444; }
.action { all: unset; margin-left: auto; padding: 4px 8px; border-radius: 6px; cursor: pointer; color: #4338ca;
  font-weight: 600; white-space: nowrap; }
.action:hover { background: #eef2ff; }
[hidden] { display: none !important; }
@media (prefers-color-scheme: dark) {
  .bar { color: #f1f5f9; background: #0f172a; border-color: #334155; box-shadow: 0 10px 30px -8px rgb(0 0 0 / .6); }
  .swatch:hover, .note-toggle:hover, .note-toggle[aria-expanded='true'] { background: #1e293b; color: #f1f5f9; }
  .swatch span { box-shadow: inset 0 0 0 1px rgb(255 255 255 / .15); }
  .divider { background: #334155; }
  .note-toggle { color: #cbd5e1; }
  textarea { background: #020617; border-color: #475569; color: #f1f5f9; }
  .hint { color: #94a3b8; }
  .action { color: #c7d2fe; }
  .action:hover { background: #1e1b4b; }
}`;

const PENCIL =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M12 20h9"/><path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z"/></svg>';

const GAP = 8;
/** Keeps the chosen text visibly marked while the note field has the focus (and the page its selection no more). */
const PENDING = 'linkvault-pending';

export class Toolbar {
  private host: HTMLElement | null = null;
  private bar: HTMLElement | null = null;
  private anchor: Range | null = null;
  private readonly reposition = () => this.place();

  get isOpen(): boolean {
    return this.host !== null;
  }

  contains(node: Node | null): boolean {
    return node !== null && this.host !== null && (node === this.host || this.host.contains(node));
  }

  open(anchor: Range, save: (color: SnippetColor, note: string | null) => Promise<SaveOutcome>): void {
    this.close();
    this.anchor = anchor;
    // Closed: a page script that could reach the buttons and the note could save text of its choosing into
    // the person's vault (which their assistant reads) or read the note as it is typed.
    const { host, root } = attachOverlay(TOOLBAR_TAG, TOOLBAR_CSS);

    const bar = element('div', { class: 'bar', role: 'dialog', 'aria-label': 'Highlight with Linkvault' });
    const note = element('textarea', {
      'aria-label': 'Note',
      placeholder: 'Add a note (optional)',
      rows: '3',
    });
    const noteBox = element('div', { hidden: '' });
    noteBox.append(
      note,
      Object.assign(element('p', { class: 'hint' }), { textContent: 'Then pick a colour to save.' }),
    );
    const row = element('div', { class: 'row', role: 'toolbar', 'aria-label': 'Highlight colour' });
    const status = element('p', { class: 'status', role: 'status', hidden: '' });

    for (const color of SNIPPET_COLORS) {
      const swatch = element('button', {
        type: 'button',
        class: 'swatch',
        'aria-label': `Highlight ${SWATCHES[color].label.toLowerCase()}`,
        title: SWATCHES[color].label,
      });
      const dot = element('span', {});
      dot.style.background = SWATCHES[color].fill;
      swatch.append(dot);
      swatch.addEventListener('click', (event) => {
        if (!event.isTrusted) return;
        row.hidden = true;
        noteBox.hidden = true;
        this.showStatus(status, { tone: 'pending', message: 'Saving…' });
        void save(color, note.value.trim() || null).then((outcome) => {
          this.showStatus(status, outcome);
          if (outcome.tone !== 'error')
            setTimeout(() => this.close(), outcome.tone === 'success' ? 1500 : 3000);
        });
      });
      row.append(swatch);
    }
    const toggle = element('button', { type: 'button', class: 'note-toggle', 'aria-expanded': 'false' });
    toggle.innerHTML = `${PENCIL}<span>Note</span>`;
    toggle.addEventListener('click', (event) => {
      if (!event.isTrusted) return;
      noteBox.hidden = !noteBox.hidden;
      toggle.setAttribute('aria-expanded', String(!noteBox.hidden));
      if (!noteBox.hidden) note.focus();
      this.place();
    });
    row.append(element('span', { class: 'divider', 'aria-hidden': 'true' }), toggle);

    // Clicking a button must not clear the page's selection; typing a note may.
    bar.addEventListener('mousedown', (event) => {
      if (event.target !== note) event.preventDefault();
    });
    bar.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.close();
      event.stopPropagation(); // the page's own shortcuts must not fire while a note is typed
    });
    bar.append(noteBox, row, status);
    root.append(bar);
    this.host = host;
    this.bar = bar;
    // The CSS Custom Highlight API paints without touching the page (Chromium 105, Firefox 140).
    if (typeof Highlight === 'function') CSS.highlights.set(PENDING, new Highlight(anchor));
    this.place();
    addEventListener('scroll', this.reposition, { capture: true, passive: true });
    addEventListener('resize', this.reposition, { passive: true });
  }

  close(): void {
    if (typeof Highlight === 'function') CSS.highlights.delete(PENDING);
    this.host?.remove();
    this.host = null;
    this.bar = null;
    this.anchor = null;
    removeEventListener('scroll', this.reposition, { capture: true });
    removeEventListener('resize', this.reposition);
  }

  private showStatus(status: HTMLElement, outcome: SaveOutcome): void {
    status.hidden = false;
    status.dataset.tone = outcome.tone;
    status.replaceChildren(element('span', { class: 'dot', 'aria-hidden': 'true' }), outcome.message);
    if (outcome.action) {
      const { label, run } = outcome.action;
      const button = Object.assign(element('button', { type: 'button', class: 'action' }), {
        textContent: label,
      });
      button.addEventListener('click', (event) => {
        if (!event.isTrusted) return;
        run();
        this.close();
      });
      status.append(button);
    }
    this.place();
  }

  /** Below the selection, or above it when there is no room below; always inside the window. */
  private place(): void {
    const bar = this.bar;
    if (!bar || !this.anchor) return;
    const rects = this.anchor.getClientRects();
    const last = rects[rects.length - 1] ?? this.anchor.getBoundingClientRect();
    const first = rects[0] ?? last;
    const { width, height } = bar.getBoundingClientRect();
    const below = last.bottom + GAP;
    const top = below + height <= innerHeight - GAP ? below : Math.max(GAP, first.top - GAP - height);
    const left = Math.min(Math.max(GAP, last.right - width / 2), innerWidth - width - GAP);
    bar.style.top = `${Math.round(top)}px`;
    bar.style.left = `${Math.round(Math.max(GAP, left))}px`;
  }
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}
