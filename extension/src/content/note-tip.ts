import { attachOverlay } from './overlay.js';
import { HIGHLIGHT_TAG, NOTE_TAG } from './page-text.js';

/**
 * A saved highlight's note, shown while the pointer is over the highlight. The note is private: it is kept
 * here, in the content script's own world, and shown in a closed shadow root, never as an attribute or text
 * of the page (a `title` would let every page script read it).
 */

const notes = new WeakMap<Element, string>();

const TIP_CSS = `
:host { all: initial; }
.tip { position: fixed; box-sizing: border-box; max-width: 320px; padding: 6px 10px; pointer-events: none;
  font: 400 13px/1.45 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  color: #f8fafc; background: #0f172a; border-radius: 8px; white-space: pre-wrap; overflow-wrap: anywhere;
  box-shadow: 0 10px 30px -8px rgb(15 23 42 / .35); }
@media (prefers-color-scheme: dark) { .tip { color: #0f172a; background: #f1f5f9; } }`;

const GAP = 6;

export function rememberNote(marks: Element[], note: string | null): void {
  if (note) for (const mark of marks) notes.set(mark, note);
}

let host: HTMLElement | null = null;
let shown: Element | null = null;

function show(mark: Element, note: string): void {
  hide();
  const overlay = attachOverlay(NOTE_TAG, TIP_CSS);
  host = overlay.host;
  host.style.setProperty('pointer-events', 'none', 'important');
  const tip = Object.assign(document.createElement('div'), { className: 'tip', textContent: note });
  tip.setAttribute('role', 'tooltip');
  overlay.root.append(tip);
  shown = mark;

  const anchor = mark.getBoundingClientRect();
  const { width, height } = tip.getBoundingClientRect();
  const below = anchor.bottom + GAP;
  const top = below + height <= innerHeight - GAP ? below : Math.max(GAP, anchor.top - GAP - height);
  tip.style.top = `${Math.round(top)}px`;
  tip.style.left = `${Math.round(Math.max(GAP, Math.min(anchor.left, innerWidth - width - GAP)))}px`;
}

function hide(): void {
  host?.remove();
  host = null;
  shown = null;
}

/** Shows the note of the highlight under the pointer; hides it when the pointer leaves or the page scrolls. */
export function watchNotes(): void {
  document.addEventListener('mouseover', (event) => {
    if (!event.isTrusted) return;
    const mark = (event.target as Element | null)?.closest?.(HIGHLIGHT_TAG) ?? null;
    const note = mark ? notes.get(mark) : undefined;
    if (mark && note) {
      if (mark !== shown) show(mark, note);
    } else if (shown) hide();
  });
  document.addEventListener('mouseout', (event) => {
    if (shown && !(event.relatedTarget instanceof Node && shown.contains(event.relatedTarget))) hide();
  });
  addEventListener('scroll', () => shown && hide(), { capture: true, passive: true });
}
