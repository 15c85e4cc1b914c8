import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef } from 'react';

/** Whether a key press is text being typed (a field has focus), which shortcuts leave alone. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A single key pressed outside a field, with no modifier, that nothing else has handled. */
export function isShortcut(event: KeyboardEvent | ReactKeyboardEvent): boolean {
  return !(
    event.defaultPrevented ||
    event.metaKey ||
    event.ctrlKey ||
    event.altKey ||
    ('nativeEvent' in event ? event.nativeEvent : event).isComposing ||
    isTyping(event.target)
  );
}

/**
 * Single-key shortcuts ('/' focuses the filter, 'n' opens Add New Link). They stay quiet while the person
 * types in a field, holds a modifier, or has a dialog or panel open (Escape belongs to those).
 */
export function useKeyboardShortcuts(shortcuts: Record<string, () => void>) {
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event) || document.querySelector('dialog[open]')) return;
      const action = latest.current[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
