import { useMemo, useState } from 'react';
import type { Tag } from '../../../contracts/index.js';
import { tagKey } from '../../../contracts/tags.js';
import { useDeleteTag, useRenameTag, useTags } from '../api/tags';
import { SubPageLayout } from '../components/SubPageLayout';
import { EmptyState } from '../features/dashboard/EmptyState';
import { ListLoadFailed } from '../features/dashboard/ListStates';
import { TagRow, confirmDeleteTag } from '../features/tags/TagRow';
import { SearchIcon, TagIcon } from '../../../ui/components/icons';
import { formatCount } from '../../../ui/lib/format';

/**
 * /app/tags (issue "Organise a big library by hand"): every tag with its count, most used first, to open,
 * rename, merge (rename into a name another tag has) and delete. A filter finds one among hundreds.
 */
export function TagsPage() {
  const tags = useTags();
  const rename = useRenameTag();
  const remove = useDeleteTag();
  const [filter, setFilter] = useState('');
  const byKey = useMemo(() => new Map((tags.data ?? []).map((tag) => [tagKey(tag.name), tag])), [tags.data]);
  const needle = tagKey(filter);
  const shown = (tags.data ?? []).filter((tag) => tagKey(tag.name).includes(needle));
  const count = tags.data?.length ?? 0;

  const onDelete = (tag: Tag) => {
    if (window.confirm(confirmDeleteTag(tag))) remove.mutate(tag.name);
  };

  return (
    <SubPageLayout
      title="Tags"
      intro="Every tag on your links. Open one to see its links; rename a tag to fix it everywhere, or give it the name of another to merge the two."
    >
      <section aria-label="Your tags">
        {tags.isPending ? (
          <div className="space-y-2" aria-busy="true" aria-label="Loading tags">
            {[60, 45, 70, 50].map((w) => (
              <div key={w} className="h-10 animate-pulse rounded-lg bg-slate-200/70 dark:bg-slate-800" />
            ))}
          </div>
        ) : tags.isError ? (
          <ListLoadFailed what="tags" onRetry={() => void tags.refetch()} />
        ) : count === 0 ? (
          <EmptyState tone="slate" icon={<TagIcon className="size-7" />} title="No tags yet">
            Linkvault tags each link it reads; add your own with Edit Link.
          </EmptyState>
        ) : (
          <>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
                {needle
                  ? `${formatCount(shown.length)} of ${formatCount(count)} tags`
                  : `${formatCount(count)} ${count === 1 ? 'tag' : 'tags'}`}
              </p>
              <div className="relative w-full sm:w-64">
                <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
                <input
                  type="search"
                  value={filter}
                  onChange={(event) => setFilter(event.target.value)}
                  aria-label="Find a tag"
                  placeholder="Find a tag"
                  className="h-9 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
                />
              </div>
            </div>
            {shown.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
                No tag matches “{filter.trim()}”.
              </p>
            ) : (
              <ul
                aria-label="Tags"
                className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
              >
                {shown.map((tag) => (
                  <TagRow
                    key={tag.name}
                    tag={tag}
                    others={byKey}
                    onRename={(newName) => rename.mutate({ name: tag.name, newName })}
                    onDelete={() => onDelete(tag)}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </SubPageLayout>
  );
}
