import { memo } from 'react';
import { EnrichmentBadge } from '../../../../ui/components/EnrichmentBadge';
import { Favicon } from '../../../../ui/components/Favicon';
import { formatDate, formatTime } from '../../../../ui/lib/dates';
import { hostOf } from '../../../../ui/lib/format';
import { FOLDER_COLOR_STYLES } from '../folders/folderColors';
import { TagLink } from '../tags/TagLink';
import { LinkActions, SelectBox } from './LinkCard';
import { PreviewImage } from './PreviewImage';
import { type LinkViewProps, useLinkView } from './linkView';
import { SuggestionChip } from '../organise/SuggestionChip';

const MAX_TAGS = 2;

/**
 * One link in the Cards layout: its preview image on top (PreviewImage: at the tile's width, lazily, in a
 * 1.91:1 box sized before it comes), then title, site, tags, folder and date. Clicking the title opens Link
 * Details, as a card in the list does.
 */
export const LinkTile = memo(function LinkTile({
  link,
  folder,
  today = false,
  imageSizes,
}: LinkViewProps & { imageSizes: string }) {
  const { actions, selection, title, titleId, chosen } = useLinkView(link, 'tile');

  return (
    <article
      data-link-id={link.id}
      aria-labelledby={titleId}
      className={`group relative flex h-full flex-col overflow-hidden rounded-xl border bg-white wrap-anywhere transition-[border-color,box-shadow] hover:border-slate-300 hover:shadow-md hover:shadow-slate-200/60 dark:bg-slate-900/60 dark:hover:border-slate-700 dark:hover:shadow-none ${
        chosen ? 'border-brand-500 ring-1 ring-brand-500/50' : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      <div className="relative aspect-[1.91/1] w-full shrink-0 bg-slate-100 dark:bg-slate-800">
        <PreviewImage
          link={link}
          sizes={imageSizes}
          className="size-full object-cover"
          fallback={
            <div className="grid size-full place-items-center" aria-hidden="true">
              <Favicon url={link.url} favicon={link.favicon} />
            </div>
          }
        />
        {selection && (
          <span className="absolute top-2 left-2 rounded bg-white/90 p-1 leading-none shadow-sm dark:bg-slate-900/90">
            <SelectBox link={link} title={title} selection={selection} inline />
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col p-3.5">
        <div className="flex items-start gap-2">
          <h3
            id={titleId}
            className="min-w-0 flex-1 text-sm leading-snug font-medium text-slate-900 dark:text-slate-50"
          >
            <button
              type="button"
              onClick={() => actions.showLink(link)}
              className="line-clamp-2 rounded text-left after:absolute after:inset-0 after:rounded-xl"
            >
              {title}
            </button>
          </h3>
          <EnrichmentBadge link={link} />
        </div>
        <p className="mt-0.5 truncate text-xs text-slate-500 dark:text-slate-400">{hostOf(link.url)}</p>
        {link.suggestedFolderId && <SuggestionChip link={link} title={title} />}
        <div className="mt-auto flex flex-wrap items-center gap-x-2.5 gap-y-1.5 pt-2.5 text-xs text-slate-500 dark:text-slate-400">
          {link.tags.slice(0, MAX_TAGS).map((tag) => (
            <TagLink key={tag} tag={tag} />
          ))}
          {folder && (
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <span
                className={`size-2 shrink-0 rounded-full ${FOLDER_COLOR_STYLES[folder.color].dot}`}
                aria-hidden="true"
              />
              <span className="max-w-28 truncate">{folder.name}</span>
            </span>
          )}
          <time dateTime={link.createdAt}>
            {today ? formatTime(link.createdAt) : formatDate(link.createdAt)}
          </time>
        </div>
        <LinkActions link={link} title={title} />
      </div>
    </article>
  );
});
