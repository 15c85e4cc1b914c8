import type { KeyboardEventHandler, ReactNode } from 'react';
import { CloseButton } from './CloseButton';
import { useModalDialog } from './useModalDialog';

/**
 * A side sheet on the native <dialog>, like Dialog: showModal() keeps focus inside and makes the page
 * inert, Escape fires `cancel` (closed through onClose so React state stays the source of truth), and a
 * click on the backdrop closes it. It slides in from the right where motion is welcome.
 */
export function SidePanel({
  open,
  onClose,
  title,
  children,
  footer,
  accent,
  onKeyDown,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** A thin coloured bar along the top edge (e.g. a snippet's colour). */
  accent?: string;
  /** Keys pressed anywhere in the panel (its own shortcuts). */
  onKeyDown?: KeyboardEventHandler<HTMLDialogElement> | undefined;
}) {
  const { titleId, dialogProps } = useModalDialog(open, onClose);

  return (
    <dialog
      {...dialogProps}
      onKeyDown={onKeyDown}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-full max-w-xl translate-x-0 border-l border-slate-200 bg-white p-0 text-slate-900 shadow-2xl transition-transform duration-200 ease-out backdrop:bg-slate-950/40 backdrop:backdrop-blur-[2px] starting:translate-x-8 sm:w-[calc(100%-3rem)] motion-reduce:transition-none dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <div className="flex h-full flex-col">
          {accent && <div className={`h-1 w-full shrink-0 ${accent}`} aria-hidden="true" />}
          <header className="flex items-center justify-between gap-4 border-b border-slate-100 px-5 py-3.5 dark:border-slate-800">
            <h2 id={titleId} className="text-base font-semibold">
              {title}
            </h2>
            <CloseButton onClose={onClose} className="-mr-1.5" />
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 wrap-anywhere">{children}</div>
          {footer && (
            <footer className="flex flex-wrap items-center gap-2 border-t border-slate-100 px-5 py-3 dark:border-slate-800">
              {footer}
            </footer>
          )}
        </div>
      )}
    </dialog>
  );
}
