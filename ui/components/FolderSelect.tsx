import { useId, useMemo } from 'react';
import type { Folder } from '../../contracts/index.js';
import { PATH_SEPARATOR, folderTree } from '../lib/folderTree';
import { ChevronDownIcon } from './icons';

/**
 * A labelled native <select> of the folders, in tree order, each named by its path ("Work / Reading"). The
 * empty value (folderId null) is Uncategorized where a link is filed; elsewhere `noFolder` names what no
 * folder means there (all folders, the file's own folders, the top of the tree). `exclude`: folders that
 * cannot be chosen (a folder cannot go inside itself).
 */
export function FolderSelect({
  folders,
  value,
  onChange,
  label = 'Folder',
  noFolder = 'Uncategorized',
  exclude,
}: {
  folders: Folder[];
  value: string | null;
  onChange: (folderId: string | null) => void;
  label?: string;
  noFolder?: string;
  exclude?: ReadonlySet<string>;
}) {
  const id = useId();
  const tree = useMemo(() => folderTree(folders), [folders]);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label} <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
      </label>
      <div className="relative">
        <select
          id={id}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || null)}
          className="block h-10 w-full appearance-none rounded-lg border border-slate-300 bg-white pr-9 pl-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <option value="">{noFolder}</option>
          {tree.map(({ folder, path }) =>
            exclude?.has(folder.id) ? null : (
              <option key={folder.id} value={folder.id}>
                {path.join(PATH_SEPARATOR)}
              </option>
            ),
          )}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
      </div>
    </div>
  );
}
