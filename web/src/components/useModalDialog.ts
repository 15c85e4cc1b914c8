import { useEffect, useId, useRef } from 'react';

/**
 * The behaviour of a modal on the native <dialog>, for Dialog and SidePanel: showModal() makes the rest of
 * the page inert (so focus stays inside), Escape fires `cancel` and a click on the backdrop closes, both
 * through onClose so that React state stays the source of truth. On opening, a field marked
 * data-autofocus takes focus (showModal() focuses the first focusable element, the close button; React's
 * autoFocus runs before showModal and is overridden).
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return {
    titleId,
    dialogProps: {
      ref,
      'aria-labelledby': titleId,
      onCancel: (event: { preventDefault(): void }) => {
        event.preventDefault();
        onClose();
      },
      onClick: (event: { target: EventTarget }) => {
        if (event.target === ref.current) onClose();
      },
    },
  };
}
