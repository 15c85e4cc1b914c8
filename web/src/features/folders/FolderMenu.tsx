import type { Folder } from '../../../../contracts/index.js';
import { MenuButton } from '../../components/MenuButton';
import { ChevronDownIcon, GlobeIcon, PencilIcon, UsersIcon } from '../../../../ui/components/icons';
import { useDashboardActions } from '../dashboard/DashboardContext';

/**
 * The open folder's menu in the header, its owner's alone (only the owner renames, shares or deletes a
 * folder): Edit folder… (name, colour, place, delete), Share… (people) and Public page… (anyone with the address).
 */
export function FolderMenu({ folder }: { folder: Folder }) {
  const actions = useDashboardActions();
  if (folder.role !== 'owner') return null;
  return (
    <MenuButton
      title="Edit, share"
      className="inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 transition-colors hover:bg-slate-50 sm:px-3 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      items={[
        {
          label: 'Edit folder…',
          icon: <PencilIcon className="size-4" />,
          onSelect: () => actions.editFolder(folder),
        },
        {
          label: 'Share…',
          icon: <UsersIcon className="size-4" />,
          onSelect: () => actions.shareFolder(folder),
        },
        {
          label: 'Public page…',
          icon: <GlobeIcon className="size-4" />,
          onSelect: () => actions.publishFolder(folder),
        },
      ]}
    >
      <PencilIcon className="size-3.5" />
      <span className="sr-only sm:not-sr-only">Edit</span>
      <ChevronDownIcon className="hidden size-3.5 text-slate-500 sm:block dark:text-slate-400" />
    </MenuButton>
  );
}
