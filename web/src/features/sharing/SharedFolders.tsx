import { Link as RouterLink } from 'react-router';
import type { Folder } from '../../../../contracts/index.js';
import { useLeaveFolder } from '../../api/sharing';
import { useAuth } from '../../auth/AuthProvider';
import { EyeIcon, LogOutIcon } from '../../../../ui/components/icons';
import { formatCount } from '../../../../ui/lib/format';
import { type DashboardView, sameView, viewHref } from '../dashboard/useDashboardView';
import { FOLDER_COLOR_STYLES } from '../folders/folderColors';
import { ROLE_LABELS } from './folderAccess';
import { sidebarItemTone } from '../dashboard/sidebarItemTone';

export const CONFIRM_LEAVE = (folder: Folder) =>
  `Leave "${folder.name}"? It leaves your sidebar; ${folder.ownerName ?? 'its owner'} can share it with you again.`;

/**
 * The sidebar's "Shared with me" (issue 19): the folders other people share with the person, each with its
 * owner's name and what the person may do there, and a way to leave it. Each share is one folder (never its
 * sub-folders), so the list is flat.
 */
export function SharedFolders({
  folders,
  view,
  onNavigate,
}: {
  folders: Folder[];
  view: DashboardView;
  onNavigate: () => void;
}) {
  const { user } = useAuth();
  const leave = useLeaveFolder();
  if (folders.length === 0) return null;
  return (
    <section aria-labelledby="shared-with-me" className="mt-7">
      <h2
        id="shared-with-me"
        className="mb-1.5 px-2.5 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400"
      >
        Shared with me
      </h2>
      <ul className="space-y-0.5">
        {folders.map((folder) => {
          const active = sameView(view, { kind: 'folder', folderId: folder.id });
          const owner = folder.ownerName ?? 'Someone';
          return (
            <li key={folder.id} className="group/shared relative">
              <RouterLink
                to={viewHref({ kind: 'folder', folderId: folder.id })}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                aria-label={`${folder.name}, shared by ${owner}, ${ROLE_LABELS[folder.role].toLowerCase()}`}
                className={`flex min-h-11 items-center gap-2.5 rounded-lg py-1.5 pr-2.5 pl-7.5 text-sm transition-colors ${sidebarItemTone(active)}`}
              >
                <span className="grid size-4 shrink-0 place-items-center" aria-hidden="true">
                  <span className={`size-2.5 rounded-full ${FOLDER_COLOR_STYLES[folder.color].dot}`} />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate" title={folder.name}>
                    {folder.name}
                  </span>
                  <span
                    className="flex items-center gap-1 text-xs font-normal text-slate-500 dark:text-slate-400"
                    title={`Shared by ${owner}${folder.role === 'viewer' ? ', view only' : ''}`}
                  >
                    <span className="truncate">{owner}</span>
                    {folder.role === 'viewer' && <EyeIcon className="size-3" />}
                  </span>
                </span>
                <span
                  className={`shrink-0 text-xs tabular-nums transition-opacity group-focus-within/shared:opacity-0 group-hover/shared:opacity-0 [@media(hover:none)]:hidden ${active ? 'text-slate-600 dark:text-slate-300' : 'text-slate-500 dark:text-slate-400'}`}
                >
                  {formatCount(folder.linkCount)}
                </span>
              </RouterLink>
              {user && (
                <button
                  type="button"
                  onClick={() => {
                    if (window.confirm(CONFIRM_LEAVE(folder))) leave.mutate({ folder, userId: user.id });
                  }}
                  disabled={leave.isPending}
                  aria-label={`Leave ${folder.name}`}
                  title="Leave this folder"
                  className="absolute top-1/2 right-1 grid size-8 -translate-y-1/2 place-items-center rounded-md text-slate-500 opacity-0 transition-opacity group-focus-within/shared:opacity-100 group-hover/shared:opacity-100 hover:bg-slate-200/70 hover:text-slate-900 focus:opacity-100 disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white [@media(hover:none)]:opacity-100"
                >
                  <LogOutIcon className="size-3.5" />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
