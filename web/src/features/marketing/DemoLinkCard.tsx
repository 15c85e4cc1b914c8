import { Badge } from '../../../../ui/components/controls';
import { DEMO_DOT, type DemoLink } from './demoData';

/** A link card as the dashboard draws it: favicon, title, host, status badge, summary, tags, folder. */
export function DemoLinkCard({ link }: { link: DemoLink }) {
  const enriching = link.status === 'Enriching';
  return (
    <div
      className={`flex flex-col gap-3 rounded-xl border bg-white p-4 shadow-sm dark:bg-slate-900 ${
        enriching ? 'enriching-glow border-brand-500/40' : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      <div className="flex items-start gap-3">
        <span
          className={`grid size-8 shrink-0 place-items-center rounded-lg text-xs font-bold text-white ${link.tint}`}
        >
          {link.initial}
        </span>
        <div className="min-w-0 flex-1">
          <div className="truncate text-sm font-semibold text-slate-900 dark:text-white">{link.title}</div>
          <div className="truncate text-xs text-slate-500 dark:text-slate-400">{link.host}</div>
        </div>
        {link.status && <Badge tone={enriching ? 'brand' : 'amber'}>{link.status}</Badge>}
      </div>
      {link.summary ? (
        <p className="line-clamp-2 text-[13px] leading-5 text-slate-600 dark:text-slate-300">
          {link.summary}
        </p>
      ) : (
        <div className="space-y-2 py-1" aria-hidden="true">
          <div className="h-2.5 w-full rounded-full bg-slate-100 dark:bg-slate-800" />
          <div className="h-2.5 w-2/3 rounded-full bg-slate-100 dark:bg-slate-800" />
        </div>
      )}
      <div className="mt-auto flex flex-wrap items-center gap-1.5 text-xs">
        {link.tags.map((tag) => (
          <span
            key={tag}
            className="rounded-md bg-slate-100 px-1.5 py-0.5 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
          >
            #{tag}
          </span>
        ))}
        {!link.summary && (
          <span className="text-slate-500 dark:text-slate-400">
            {enriching ? 'Writing summary…' : 'Waiting to be read'}
          </span>
        )}
        {link.platform && <Badge>{link.platform}</Badge>}
        <span className="ml-auto flex items-center gap-3 text-slate-500 dark:text-slate-400">
          {link.snippets ? <span>{link.snippets} snippets</span> : null}
          {link.folder && (
            <span className="inline-flex items-center gap-1.5">
              <span className={`size-2 rounded-full ${DEMO_DOT[link.folder.color]}`} />
              {link.folder.name}
            </span>
          )}
        </span>
      </div>
    </div>
  );
}
