import type { Folder } from '../../../../contracts/index.js';
import { EyeIcon, UsersIcon } from '../../../../ui/components/icons';

/**
 * Under a shared folder's title: whose it is and what the person may do in it ("View only · shared by
 * Grace Hopper"). Nothing for a folder nobody shares.
 */
export function SharedNote({ folder }: { folder: Folder }) {
  if (!folder.shared && folder.role === 'owner') return null;
  const viewer = folder.role === 'viewer';
  const Icon = viewer ? EyeIcon : UsersIcon;
  const text =
    folder.role === 'owner'
      ? 'Shared by you'
      : `${viewer ? 'View only' : 'You can edit'} · shared by ${folder.ownerName ?? 'someone'}`;
  return (
    <p className="mt-2.5 flex min-w-0">
      <span className="inline-flex min-w-0 items-center gap-1.5 rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <Icon className="size-3.5 text-slate-500 dark:text-slate-400" />
        <span className="truncate">{text}</span>
      </span>
    </p>
  );
}
