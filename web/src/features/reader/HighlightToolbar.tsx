import { type RefObject, useEffect, useRef, useState } from 'react';
import { LIMITS, type Link, SNIPPET_COLORS, type SnippetColor } from '../../../../contracts/index.js';
import { contextAround, readText, spanOfRange } from '../../../../ui/lib/highlights';
import { type HighlightPosition, describeSpan } from '../../../../ui/lib/text-quote';
import { useSaveHighlight } from '../../api/reading';
import { SNIPPET_COLOR_STYLES } from '../snippets/snippetColors';
import { NOT_ARTICLE_TEXT } from './drawArticle';
import { isShortcut } from '../dashboard/useKeyboardShortcuts';

/** As the extension keeps: a little of the text on either side of the highlight. */
const CONTEXT_LENGTH = 160;
/** A highlight's quote must fit the API's positionData limit with its prefix and suffix (as the extension's). */
const MAX_HIGHLIGHT_LENGTH = 8000;

interface Selected {
  text: string;
  position: HighlightPosition;
  context: { before: string; after: string };
  /** Where the selection is on screen, to place the toolbar above it. */
  top: number;
  left: number;
}

/** The selection inside `root` as a highlight would record it; null when there is none there. */
function selectedIn(root: HTMLElement): Selected | null {
  const selection = getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;
  const page = readText(root, NOT_ARTICLE_TEXT);
  const span = spanOfRange(page, range);
  if (!span || span.end - span.start > MAX_HIGHLIGHT_LENGTH) return null;
  const rect = range.getBoundingClientRect();
  return {
    text: page.text.slice(span.start, span.end),
    position: describeSpan(page.text, span),
    context: contextAround(page, span, CONTEXT_LENGTH),
    top: rect.top,
    left: rect.left + rect.width / 2,
  };
}

/**
 * The reader's highlight toolbar, as the extension's on a live page: text selected in the article offers
 * the 5 snippet colours (a click saves the highlight in that colour) and a note. The snippet records the
 * same selectors as the extension's, so each draws the other's.
 */
export function HighlightToolbar({ root, link }: { root: RefObject<HTMLElement | null>; link: Link }) {
  const [selected, setSelected] = useState<Selected | null>(null);
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState('');
  const bar = useRef<HTMLDivElement>(null);
  const save = useSaveHighlight(link.id);

  useEffect(() => {
    let frame = 0;
    const onChange = () => {
      // Typing the note moves the document's selection into the field: the highlight keeps its text.
      if (bar.current?.contains(document.activeElement)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const element = root.current;
        const next = element ? selectedIn(element) : null;
        setSelected(next);
        if (!next) {
          setNoteOpen(false);
          setNote('');
        }
      });
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('selectionchange', onChange);
    };
  }, [root]);

  // From the keyboard: H takes focus to the first colour (a selection made with Shift and the arrows has
  // no pointer near it); Escape there lets the selection go.
  const hasSelection = selected !== null;
  useEffect(() => {
    if (!hasSelection) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'h' || !isShortcut(event)) return;
      event.preventDefault();
      bar.current?.querySelector('button')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [hasSelection]);

  if (!selected) return null;

  const dismiss = () => {
    getSelection()?.removeAllRanges();
    setSelected(null);
    setNoteOpen(false);
    setNote('');
  };
  const highlight = (color: SnippetColor) =>
    save.mutate(
      {
        pageUrl: link.url,
        linkId: link.id,
        pageTitle: link.title.slice(0, LIMITS.title),
        selectedText: selected.text.slice(0, LIMITS.selectedText),
        contextBefore: selected.context.before,
        contextAfter: selected.context.after,
        note: note.trim() || null,
        color,
        positionData: selected.position,
      },
      { onSuccess: dismiss },
    );

  const above = selected.top > 120;
  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label="Highlight"
      className="fixed z-30 w-72 -translate-x-1/2 rounded-xl border border-slate-200 bg-white p-1.5 text-sm shadow-xl dark:border-slate-700 dark:bg-slate-900"
      style={{
        left: Math.min(Math.max(selected.left, 152), window.innerWidth - 152),
        top: above ? selected.top - (noteOpen ? 150 : 52) : selected.top + 28,
      }}
      // Pressing a button must not take the selection away before the click saves it.
      onMouseDown={(event) => {
        if (!(event.target instanceof HTMLTextAreaElement)) event.preventDefault();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismiss();
      }}
    >
      {noteOpen && (
        <textarea
          aria-label="Note"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={LIMITS.note}
          placeholder="Why this matters… then pick a colour"
          className="mb-1.5 block min-h-16 w-full resize-y rounded-lg border border-slate-300 bg-white px-2.5 py-2 text-[13px] text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/25 focus:outline-none dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
        />
      )}
      <div className="flex items-center gap-0.5">
        {SNIPPET_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            aria-label={`Highlight in ${SNIPPET_COLOR_STYLES[color].label}`}
            title={SNIPPET_COLOR_STYLES[color].label}
            disabled={save.isPending}
            onClick={() => highlight(color)}
            className="grid size-8 place-items-center rounded-lg hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800"
          >
            <span
              className={`size-4.5 rounded-full ring-1 ring-slate-900/10 ${SNIPPET_COLOR_STYLES[color].bar}`}
            />
          </button>
        ))}
        <span className="mx-1 h-5 w-px bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
        <button
          type="button"
          aria-expanded={noteOpen}
          onClick={() => setNoteOpen((open) => !open)}
          className="h-8 rounded-lg px-2.5 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-expanded:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-expanded:bg-slate-800"
        >
          Note
        </button>
      </div>
      {save.isError && (
        <p role="alert" className="px-1.5 pt-1 text-xs text-red-600 dark:text-red-400">
          The highlight could not be saved. Try again.
        </p>
      )}
    </div>
  );
}
