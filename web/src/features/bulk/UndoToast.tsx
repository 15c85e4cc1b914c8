import { formatCount } from '../../../../ui/lib/format';

/**
 * Says what was just deleted, with Undo, until the delete is sent (api/bulk.ts UNDO_MS). A live region, so
 * a screen reader hears it; Undo is a real button, reached with Tab.
 */
export function UndoToast({ count, onUndo }: { count: number | null; onUndo: () => void }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4" role="status">
      {count !== null && (
        <div className="pointer-events-auto flex items-center gap-4 rounded-xl bg-slate-900 py-2.5 pr-2.5 pl-4 text-sm text-white shadow-xl dark:bg-slate-100 dark:text-slate-900">
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
