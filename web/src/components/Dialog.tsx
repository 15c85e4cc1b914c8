import type { ReactNode } from 'react';
import { CloseButton } from './CloseButton';
import { useModalDialog } from './useModalDialog';

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (so focus stays inside)
 * and Escape fires `cancel`, which closes through onClose so React state stays the source of truth.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { titleId, dialogProps } = useModalDialog(open, onClose);

  const width = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' }[size];
  return (
    <dialog
      {...dialogProps}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 backdrop:backdrop-blur-sm dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100`}
    >
      {open && (
        <div className="flex max-h-[85dvh] flex-col">
          <header className="flex items-start justify-between gap-4 px-6 pt-5 pb-3">
            <div>
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description && (
                <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{description}</p>
              )}
            </div>
            <CloseButton onClose={onClose} className="-mr-2" />
          </header>
          <div className="overflow-y-auto px-6 pb-4 wrap-anywhere">{children}</div>
          {footer && (
            <footer className="flex justify-end gap-2 border-t border-slate-100 px-6 py-3 dark:border-slate-800">
              {footer}
            </footer>
          )}
        </div>
      )}
    </dialog>
  );
}
