import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Link } from '../../../../contracts/index.js';
import { Favicon } from '../../../../ui/components/Favicon';
import { formatDate } from '../../../../ui/lib/dates';
import { hostOf } from '../../../../ui/lib/format';
import { linkHref } from '../../../../ui/lib/linkHref';
import { PreviewImage } from '../links/PreviewImage';
import { TagLink } from '../tags/TagLink';

const MAX_TAGS = 3;

/**
 * An older link worth another look, as a row: its picture beside its title (opening its details), site,
 * date, summary and tags. Rows rather than tiles: five of them fill no grid evenly, and on a phone a
 * full-width picture each made the section five screens long.
 */
export function RediscoverCard({ link }: { link: Link }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:gap-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="aspect-[1.91/1] w-24 shrink-0 self-start overflow-hidden rounded-lg bg-slate-100 sm:w-40 dark:bg-slate-800">
        <PreviewImage
          link={link}
          sizes="(min-width: 40rem) 10rem, 6rem"
          className="size-full object-cover"
          fallback={
            <div className="grid size-full place-items-center" aria-hidden="true">
              <Favicon url={link.url} favicon={link.favicon} size="sm" />
            </div>
          }
        />
      </div>
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="text-sm leading-snug font-medium wrap-anywhere">
          <RouterLink
            to={linkHref(link.id)}
            className="text-slate-900 hover:text-brand-700 hover:underline dark:text-slate-50 dark:hover:text-brand-100"
          >
            {link.title}
          </RouterLink>
        </h3>
        <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span className="max-w-full truncate">{hostOf(link.url)}</span>
          <span aria-hidden="true">·</span>
          <span className="whitespace-nowrap">Saved {formatDate(link.createdAt)}</span>
        </p>
        {link.summaryShort && (
          <p className="mt-1.5 line-clamp-2 text-sm leading-6 wrap-anywhere text-slate-600 dark:text-slate-400">
            {link.summaryShort}
          </p>
        )}
        {link.tags.length > 0 && (
          <p className="mt-2 flex flex-wrap gap-1">
            {link.tags.slice(0, MAX_TAGS).map((tag) => (
              <TagLink key={tag} tag={tag} />
            ))}
          </p>
        )}
      </div>
    </article>
  );
}
