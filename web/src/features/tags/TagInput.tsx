import { type KeyboardEvent, useId, useState } from 'react';
import { LIMITS } from '../../../../contracts/constants.js';
import { cleanTag, mergeTags, tagKey } from '../../../../contracts/tags.js';
import { useTags } from '../../api/tags';
import { XIcon } from '../../../../ui/components/icons';

/**
 * A link's tags as removable chips and a field to add more, completed from the person's own tags (a native
 * datalist: every browser and screen reader knows it). Enter or a comma adds what is typed; Backspace in
 * the empty field takes the last tag off. What is still typed when the field loses focus is added too, so
 * Save never drops it.
 */
export function TagInput({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const id = useId();
  const listId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState('');
  const known = useTags();
  const taken = new Set(tags.map(tagKey));
  const suggestions = (known.data ?? []).filter((tag) => !taken.has(tagKey(tag.name))).slice(0, 200);
  const full = tags.length >= LIMITS.tagsPerLink;

  const add = (text: string) => {
    const parts = text.split(',').map(cleanTag).filter(Boolean);
    if (parts.length > 0) onChange(mergeTags(tags, parts).slice(0, LIMITS.tagsPerLink));
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'Enter' || event.key === ',') && draft.trim()) {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && !draft && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
        Tags <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
      </label>
      <div className="flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2 py-1.5 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900">
        {tags.length > 0 && (
          <ul className="contents" aria-label="Tags on this link">
            {tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex max-w-full items-center gap-1 rounded-md bg-slate-100 py-0.5 pr-0.5 pl-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
              >
                <span className="truncate">{tag}</span>
                <button
                  type="button"
                  onClick={() => onChange(tags.filter((t) => t !== tag))}
                  aria-label={`Remove tag ${tag}`}
                  className="grid size-5 shrink-0 place-items-center rounded text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
                >
                  <XIcon className="size-3" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          list={listId}
          value={draft}
          disabled={full}
          onChange={(event) => {
            const value = event.target.value;
            // A suggestion picked from the list arrives whole: add it at once.
            if (suggestions.some((tag) => tag.name === value)) add(value);
            else setDraft(value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => add(draft)}
          maxLength={LIMITS.tag}
          autoComplete="off"
          aria-describedby={hintId}
          placeholder={tags.length === 0 ? 'Add a tag' : ''}
          className="min-w-24 flex-1 border-0 bg-transparent px-1 py-0.5 text-sm text-slate-900 placeholder:text-slate-400 focus:ring-0 focus:outline-none disabled:cursor-not-allowed dark:text-slate-100"
        />
        <datalist id={listId}>
          {suggestions.map((tag) => (
            <option key={tag.name} value={tag.name} />
          ))}
        </datalist>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {full
          ? `A link has at most ${LIMITS.tagsPerLink} tags.`
          : 'Press Enter or type a comma to add a tag; pick one you already use from the list.'}
      </p>
    </div>
  );
}
