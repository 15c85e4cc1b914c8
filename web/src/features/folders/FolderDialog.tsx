import { type ReactNode, useId, useMemo, useState } from 'react';
import { FOLDER_COLORS, type FolderColor, LIMITS } from '../../../../contracts/constants.js';
import type { Folder } from '../../../../contracts/index.js';
import { useCreateFolder, useDeleteFolder, useUpdateFolder } from '../../api/library';
import { Dialog } from '../../components/Dialog';
import { Button, TextField } from '../../../../ui/components/controls';
import { CONFIRM } from '../dashboard/DashboardContext';
import { DangerButton } from '../dashboard/DangerButton';
import { CheckIcon, TrashIcon } from '../../../../ui/components/icons';
import { FOLDER_COLOR_STYLES } from './folderColors';
import { FolderSelect } from '../../../../ui/components/FolderSelect';
import { folderAndBelow } from '../../../../ui/lib/folderTree';

/** `parentId`: where a new folder goes (the folder open in the dashboard, or the top). */
export type FolderDialogState =
  { mode: 'create'; parentId?: string | null } | { mode: 'edit'; folder: Folder } | null;

/**
 * Create New Folder and Edit Folder (SPEC.md §2, §5): a required name, one of the 8 colours, and the folder
 * it sits inside (the top by default; never itself or one of its own sub-folders).
 */
export function FolderDialog({
  state,
  folders,
  onClose,
  onCreated,
  onDeleted,
}: {
  state: FolderDialogState;
  folders: Folder[];
  onClose: () => void;
  onCreated: (folder: Folder) => void;
  onDeleted: (folder: Folder) => void;
}) {
  const formId = useId();
  const create = useCreateFolder();
  const update = useUpdateFolder();
  const remove = useDeleteFolder();
  const editing = state?.mode === 'edit' ? state.folder : null;
  const pending = create.isPending || update.isPending || remove.isPending;
  const [name, setName] = useState('');
  const [color, setColor] = useState<FolderColor>('blue');
  const [parentId, setParentId] = useState<string | null>(null);
  // Each opening starts from the folder being edited (or a blank form): reset when the dialog's subject changes.
  const [shown, setShown] = useState<FolderDialogState>(null);
  if (state !== shown) {
    setShown(state);
    setName(editing?.name ?? '');
    setColor(editing?.color ?? 'blue');
    setParentId(state?.mode === 'edit' ? state.folder.parentId : (state?.parentId ?? null));
  }
  const valid = name.trim().length > 0;
  const inside = useMemo(
    () => (editing ? folderAndBelow(folders, editing.id) : undefined),
    [folders, editing],
  );

  const submit = () => {
    if (!valid) return;
    if (editing) {
      update.mutate(
        {
          id: editing.id,
          changes: { name: name.trim(), color, ...(parentId !== editing.parentId && { parentId }) },
        },
        { onSuccess: onClose },
      );
    } else {
      create.mutate(
        { name: name.trim(), color, parentId },
        {
          onSuccess: (folder) => {
            onClose();
            onCreated(folder);
          },
        },
      );
    }
  };

  return (
    <Dialog
      open={state !== null}
      onClose={onClose}
      title={editing ? 'Edit Folder' : 'Create New Folder'}
      description={
        editing
          ? 'Rename it, give it another colour, or put it inside another folder.'
          : 'Folders keep related links together, and can sit inside one another.'
      }
      size="sm"
      footer={
        <>
          {editing && (
            <DangerButton
              className="mr-auto -ml-3"
              disabled={pending}
              onClick={() => {
                if (!window.confirm(CONFIRM.deleteFolder(editing.name))) return;
                remove.mutate(editing, {
                  onSuccess: () => {
                    onClose();
                    onDeleted(editing);
                  },
                });
              }}
            >
              <TrashIcon />
              Delete
            </DangerButton>
          )}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!valid || pending} className="whitespace-nowrap">
            {pending ? 'Saving…' : editing ? 'Save Changes' : 'Create Folder'}
          </Button>
        </>
      }
    >
      <FolderForm
        formId={formId}
        name={name}
        color={color}
        onNameChange={setName}
        onColorChange={setColor}
        onSubmit={submit}
      >
        {folders.length > (editing ? 1 : 0) && (
          <FolderSelect
            folders={folders}
            value={parentId}
            onChange={setParentId}
            label="Inside"
            noFolder="No folder (top level)"
            exclude={inside}
          />
        )}
      </FolderForm>
    </Dialog>
  );
}

function FolderForm({
  formId,
  name,
  color,
  onNameChange,
  onColorChange,
  onSubmit,
  children,
}: {
  formId: string;
  name: string;
  color: FolderColor;
  onNameChange: (name: string) => void;
  onColorChange: (color: FolderColor) => void;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  const legendId = useId();

  return (
    <form
      id={formId}
      className="space-y-5 pt-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(event) => onNameChange(event.target.value)}
        placeholder="e.g. Reading list"
        maxLength={LIMITS.folderName}
        required
        autoFocus
        data-autofocus
        autoComplete="off"
      />
      <div role="radiogroup" aria-labelledby={legendId}>
        <p id={legendId} className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          Color
        </p>
        <div className="flex flex-wrap gap-2 sm:gap-2.5">
          {FOLDER_COLORS.map((value) => {
            const style = FOLDER_COLOR_STYLES[value];
            const checked = value === color;
            return (
              <label key={value} className="relative cursor-pointer" title={style.label}>
                <input
                  type="radio"
                  name="folder-color"
                  value={value}
                  checked={checked}
                  onChange={() => onColorChange(value)}
                  aria-label={style.label}
                  className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
                />
                <span
                  className={`grid size-7 place-items-center rounded-full sm:size-8 ${style.dot} ring-offset-2 ring-offset-white transition-transform peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 hover:scale-110 dark:ring-offset-slate-900 dark:peer-checked:ring-white`}
                  aria-hidden="true"
                >
                  {checked && <CheckIcon className="size-4 text-white" strokeWidth={3} />}
                </span>
              </label>
            );
          })}
        </div>
      </div>
      {children}
    </form>
  );
}
