import { useState } from 'react';
import type { Link } from '../../../../contracts/index.js';
import { useUpdateLink } from '../../api/library';
import { Button } from '../../../../ui/components/controls';
import { PencilIcon } from '../../../../ui/components/icons';
import { TagInput } from './TagInput';
import { TagLink } from './TagLink';

/**
 * Link Details' tags: each a link to its list, and Edit tags to add and remove them in place (the same
 * field as Edit Link, completed from the person's own tags), saved with one PATCH.
 */
export function LinkTags({
  link,
  onNavigate,
  editable = true,
}: {
  link: Link;
  onNavigate: () => void;
  /** False for a link the person may only read (in a folder shared with them as a viewer). */
  editable?: boolean;
}) {
  const update = useUpdateLink();
  const [draft, setDraft] = useState<string[] | null>(null);

  if (draft) {
    return (
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ link, changes: { tags: draft } });
          setDraft(null);
        }}
        onKeyDown={(event) => {
          // Escape leaves the editing here, not the whole panel.
          if (event.key !== 'Escape') return;
          event.preventDefault();
          event.stopPropagation();
          setDraft(null);
        }}
      >
        <TagInput tags={draft} onChange={setDraft} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => setDraft(null)}>
            Cancel
          </Button>
          <Button type="submit" size="sm">
            Save tags
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {link.tags.length > 0 ? (
        <ul className="contents" aria-label="Tags">
          {link.tags.map((tag) => (
            <li key={tag} className="flex min-w-0">
              <TagLink tag={tag} size="md" onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">No tags yet.</p>
      )}
      {editable && (
        <button
          type="button"
          onClick={() => setDraft(link.tags)}
          className="inline-flex h-6 items-center gap-1 rounded-md px-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <PencilIcon className="size-3" />
          Edit tags
        </button>
      )}
    </div>
  );
}
