import { formatCount } from '../../../../ui/lib/format';

/**
 * Says what was just deleted, with Undo, until the delete is sent (api/bulk.ts UNDO_MS). A live region, so
 * a screen reader hears it; Undo is a real button, reached with Tab.
 */
export function UndoToast({ count, onUndo }: { count: number | null; onUndo: () => void }) {
  return (
    // Sized by its toast (nothing when empty), so the live region never lies over the sidebar.
    <div
      className="fixed bottom-4 left-1/2 z-50 w-max max-w-[calc(100vw-2rem)] -translate-x-1/2"
      role="status"
    >
      {count !== null && (
        <div className="flex items-center gap-4 rounded-xl bg-slate-900 py-2.5 pr-2.5 pl-4 text-sm text-white shadow-xl dark:bg-slate-100 dark:text-slate-900">
          <span>
            {formatCount(count)} {count === 1 ? 'link' : 'links'} deleted.
          </span>
          <button
            type="button"
            onClick={onUndo}
            className="rounded-lg px-3 py-1.5 font-semibold text-brand-100 hover:bg-white/10 dark:text-brand-700 dark:hover:bg-slate-900/10"
          >
            Undo
          </button>
        </div>
      )}
    </div>
  );
}
