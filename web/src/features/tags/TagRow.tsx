import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LIMITS } from '../../../../contracts/constants.js';
import type { Tag } from '../../../../contracts/index.js';
import { cleanTag, tagKey } from '../../../../contracts/tags.js';
import { Button } from '../../../../ui/components/controls';
import { PencilIcon, TrashIcon } from '../../../../ui/components/icons';
import { linksLabel } from '../../../../ui/lib/format';
import { viewHref } from '../dashboard/useDashboardView';

/** What Delete asks before it removes a tag from every link (SPEC.md's confirmations: window.confirm). */
export const confirmDeleteTag = (tag: Tag) =>
  `Remove the tag "${tag.name}" from ${linksLabel(tag.count, false)}? The links stay.`;

/**
 * One tag on the Tags page: its name (a link to its links) and count, Rename and Delete. Rename edits the
 * name in place; a name another tag already has merges the two, and the row says so before saving.
 */
export function TagRow({
  tag,
  others,
  onRename,
  onDelete,
}: {
  tag: Tag;
  others: ReadonlyMap<string, Tag>;
  onRename: (newName: string) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(tag.name);
  const inputId = useId();
  const hintId = useId();
  const name = cleanTag(draft);
  const into = others.get(tagKey(name));
  const mergesInto = into && tagKey(into.name) !== tagKey(tag.name) ? into : undefined;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (name && name !== tag.name) onRename(name);
    setEditing(false);
  };

  if (editing) {
    return (
      <li className="px-4 py-3">
        <form onSubmit={save} className="flex flex-wrap items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            New name for {tag.name}
          </label>
          <input
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                setDraft(tag.name);
                setEditing(false);
              }
            }}
            maxLength={LIMITS.tag}
            autoFocus
            autoComplete="off"
            aria-describedby={hintId}
            className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          />
          <Button type="submit" size="sm" className="h-9" disabled={!name}>
            {mergesInto ? 'Merge' : 'Save'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="h-9"
            onClick={() => {
              setDraft(tag.name);
              setEditing(false);
            }}
          >
            Cancel
          </Button>
          <p id={hintId} className="w-full text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
            {mergesInto
              ? `“${mergesInto.name}” exists: its ${linksLabel(mergesInto.count, false)} and these ${linksLabel(tag.count, false)} will share one tag.`
              : 'Enter saves, Escape cancels.'}
          </p>
        </form>
      </li>
    );
  }

  return (
    <li className="group flex items-center gap-3 px-4 py-2.5">
      <RouterLink
        to={viewHref({ kind: 'tag', tag: tag.name })}
        className="min-w-0 flex-1 truncate rounded text-sm font-medium text-slate-800 hover:text-brand-700 hover:underline dark:text-slate-100 dark:hover:text-brand-100"
      >
        #{tag.name}
      </RouterLink>
      <span className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">
        {linksLabel(tag.count, false)}
      </span>
      <div className="flex shrink-0 items-center gap-0.5">
        <button
          type="button"
          onClick={() => {
            setDraft(tag.name);
            setEditing(true);
          }}
          aria-label={`Rename ${tag.name}`}
          title="Rename or merge"
          className="grid size-8 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <PencilIcon />
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete ${tag.name}`}
          title="Delete"
          className="grid size-8 place-items-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600 dark:text-slate-400 dark:hover:bg-red-500/15 dark:hover:text-red-400"
        >
          <TrashIcon />
        </button>
      </div>
    </li>
  );
}
