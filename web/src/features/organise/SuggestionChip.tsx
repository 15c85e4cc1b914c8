import type { Link } from '../../../../contracts/index.js';
import { useFolders, useMoveLink } from '../../api/library';
import { useDismissSuggestion } from '../../api/organise';
import { SparklesIcon, XIcon } from '../../../../ui/components/icons';
import { FOLDER_COLOR_STYLES } from '../folders/folderColors';

/**
 * Smart categories on a card: "Move to Reading?" for a link in no folder that Linkvault found a folder
 * for. One click moves it there (the same move as Move Link), the cross dismisses the suggestion for
 * good; nothing is moved without that click. Both sit above the card's own click target.
 */
export function SuggestionChip({ link, title }: { link: Link; title: string }) {
  const folders = useFolders();
  const move = useMoveLink();
  const dismiss = useDismissSuggestion();
  const folder = folders.data?.find((f) => f.id === link.suggestedFolderId);
  if (link.folderId !== null || !folder) return null;
  return (
    <div className="mt-2 flex min-w-0">
      <span className="relative z-10 inline-flex max-w-full min-w-0 items-stretch overflow-hidden rounded-full border border-brand-500/30 bg-brand-50 text-xs font-medium text-brand-700 dark:border-brand-500/30 dark:bg-brand-500/10 dark:text-brand-100">
        <button
          type="button"
          onClick={() => move.move(link, folder.id)}
          className="inline-flex min-w-0 items-center gap-1.5 py-1 pr-1.5 pl-2 transition-colors hover:bg-brand-100 dark:hover:bg-brand-500/20"
          title={`Move “${title}” to ${folder.name}`}
        >
          <SparklesIcon className="size-3.5 shrink-0" />
          <span
            className={`size-2 shrink-0 rounded-full ${FOLDER_COLOR_STYLES[folder.color].dot}`}
            aria-hidden="true"
          />
          <span className="truncate">Move to {folder.name}?</span>
        </button>
        <button
          type="button"
          onClick={() => dismiss.mutate(link)}
          className="grid w-7 shrink-0 place-items-center border-l border-brand-500/30 transition-colors hover:bg-brand-100 dark:border-brand-500/30 dark:hover:bg-brand-500/20"
          aria-label={`Dismiss suggestion: move to ${folder.name}`}
          title="Not this folder"
        >
          <XIcon className="size-3.5" />
        </button>
      </span>
    </div>
  );
}
