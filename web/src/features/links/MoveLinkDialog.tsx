import { useMemo, useState } from 'react';
import type { Folder, Link } from '../../../../contracts/index.js';
import { useMoveLink } from '../../api/library';
import { Dialog } from '../../components/Dialog';
import { CheckIcon, InboxIcon } from '../../../../ui/components/icons';
import { ListCombobox, optionRowClass, useListCursor } from '../../components/ListCombobox';
import { FOLDER_COLOR_STYLES } from '../folders/folderColors';
import { PATH_SEPARATOR, folderTree } from '../../../../ui/lib/folderTree';

interface Choice {
  id: string | null;
  name: string;
  /** The folders above it ("Work / Reading / "), shown fainter before its name. */
  above: string;
  folder: Folder | null;
}

/**
 * Move Link (SPEC.md §2, §4): a folder picker with search. ArrowUp/ArrowDown move through the choices,
 * Enter picks one, Escape closes (the dialog's cancel). Choosing the link's current folder does nothing.
 * The search box is a combobox that owns the listbox, so screen readers follow the active option.
 */
export function MoveLinkDialog({
  link,
  folders,
  onClose,
}: {
  link: Link | null;
  folders: Folder[];
  onClose: () => void;
}) {
  const { move } = useMoveLink();
  return (
    <Dialog
      open={link !== null}
      onClose={onClose}
      title="Move Link"
      description={link ? `Choose a folder for “${link.title}”.` : undefined}
      size="sm"
    >
      {link && (
        <FolderPicker
          folders={folders}
          current={link.folderId}
          onChoose={(folderId) => {
            move(link, folderId);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

/**
 * The folders (and Uncategorized) to pick from, searchable by path. `current`: the folder the links are in
 * (marked), undefined when they are in several.
 */
export function FolderPicker({
  folders,
  current,
  onChoose,
}: {
  folders: Folder[];
  current: string | null | undefined;
  onChoose: (folderId: string | null) => void;
}) {
  const [query, setQuery] = useState('');

  const choices = useMemo<Choice[]>(() => {
    const all: Choice[] = [
      { id: null, name: 'Uncategorized', above: '', folder: null },
      ...folderTree(folders).map(({ folder, path }) => ({
        id: folder.id,
        name: folder.name,
        above: path
          .slice(0, -1)
          .map((name) => `${name}${PATH_SEPARATOR}`)
          .join(''),
        folder,
      })),
    ];
    const q = query.trim().toLowerCase();
    return q ? all.filter((choice) => `${choice.above}${choice.name}`.toLowerCase().includes(q)) : all;
  }, [folders, query]);

  const { active: activeIndex, setActive, listId, listRef, optionId } = useListCursor(choices.length);

  const choose = (choice: Choice | undefined) => {
    if (choice) onChoose(choice.id);
  };

  return (
    <div className="pt-1">
      <ListCombobox
        label="Search folders"
        placeholder="Search folders…"
        query={query}
        onQuery={setQuery}
        listId={listId}
        count={choices.length}
        active={activeIndex}
        onActive={setActive}
        onPick={() => choose(choices[activeIndex])}
      />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Folders"
        className="mt-3 max-h-72 space-y-0.5 overflow-y-auto overscroll-contain"
      >
        {choices.map((choice, index) => {
          const isCurrent = choice.id === current;
          const isActive = index === activeIndex;
          return (
            <li
              key={choice.id ?? 'uncategorized'}
              id={optionId(index)}
              data-index={index}
              role="option"
              aria-selected={isActive}
              aria-current={isCurrent || undefined}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(choice)}
              className={optionRowClass(isActive)}
            >
              {choice.folder ? (
                <span className="grid size-5 place-items-center" aria-hidden="true">
                  <span className={`size-2.5 rounded-full ${FOLDER_COLOR_STYLES[choice.folder.color].dot}`} />
                </span>
              ) : (
                <InboxIcon className="size-5 p-0.5 text-slate-500 dark:text-slate-400" />
              )}
              <span className="min-w-0 flex-1 truncate">
                {choice.above && <span className="text-slate-500 dark:text-slate-400">{choice.above}</span>}
                {choice.name}
                {choice.folder?.ownerName && (
                  <span className="text-slate-500 dark:text-slate-400">
                    {' '}
                    · shared by {choice.folder.ownerName}
                  </span>
                )}
              </span>
              {isCurrent && (
                <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-500 dark:text-slate-400">
                  <CheckIcon className="size-3.5" />
                  Current
                </span>
              )}
            </li>
          );
        })}
        {choices.length === 0 && (
          <li
            className="px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400"
            role="presentation"
          >
            No folders match “{query}”
          </li>
        )}
      </ul>
      <p className="mt-3 hidden items-center gap-3 border-t border-slate-100 pt-3 text-xs text-slate-500 sm:flex dark:border-slate-800 dark:text-slate-400">
        <span>
          <Kbd>↑</Kbd> <Kbd>↓</Kbd> to navigate
        </span>
        <span>
          <Kbd>Enter</Kbd> to move
        </span>
        <span>
          <Kbd>Esc</Kbd> to close
        </span>
      </p>
    </div>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-slate-200 bg-slate-50 px-1 font-sans text-[11px] text-slate-600 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300">
      {children}
    </kbd>
  );
}
