import { type Insights, type IsoWeek, weekLabel } from '../../../../contracts/index.js';
import { PLATFORM_LABELS } from '../../../../ui/components/EnrichmentBadge';
import { Button } from '../../../../ui/components/controls';
import { ChartIcon } from '../../../../ui/components/icons';
import { formatCount } from '../../../../ui/lib/format';
import { EmptyState } from '../dashboard/EmptyState';
import { viewHref } from '../dashboard/useDashboardView';
import { SettingsSection } from '../settings/SettingsSection';
import { TagLink } from '../tags/TagLink';
import { CountList } from './CountList';
import { DayChart } from './DayChart';
import { Digest } from './Digest';
import { RediscoverCard } from './RediscoverCard';

/** One week's report (API.md GET /api/insights): its numbers, its days, where its links went, and more. */
export function WeekReport({
  report,
  week,
  underWay,
  onEarlier,
}: {
  report: Insights;
  week: IsoWeek;
  /** The week is the one under way: what is saved now still comes into it. */
  underWay: boolean;
  onEarlier: () => void;
}) {
  if (report.saved === 0 && report.read === 0) {
    return (
      <EmptyState
        tone="slate"
        icon={<ChartIcon className="size-7" />}
        title="Nothing saved this week"
        action={
          <Button variant="secondary" onClick={onEarlier}>
            See the week before
          </Button>
        }
      >
        {underWay
          ? 'Links you save this week show up here as you save them: by day, folder and tag, with a digest of their summaries and older links worth another look.'
          : `You saved no links in the week of ${weekLabel(week)}. A week with saved links shows them by day, folder and tag, with a digest of their summaries and older links worth another look.`}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-12">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Saved" value={report.saved} />
        <Figure label="Read" value={report.read} />
        <Figure label="Still unread" value={report.unread} />
        <Figure label="New tags" value={report.newTags.length} />
      </dl>

      {report.saved === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          Nothing saved this week: the links you read were saved before it.
        </p>
      ) : (
        <>
          <SettingsSection
            id="days"
            title="Saved each day"
            description="Monday to Sunday, in your time zone."
          >
            <DayChart days={report.byDay} />
          </SettingsSection>

          <SettingsSection
            id="where"
            title="Where they went"
            description="The week’s links by folder, by kind of page, and by their most used tags."
          >
            <div className="grid gap-3 sm:grid-cols-3">
              <CountList
                title="By folder"
                more="folders"
                items={report.byFolder.map((folder) => ({
                  key: folder.folderId ?? '',
                  label: folder.name,
                  count: folder.count,
                  to: viewHref(
                    folder.folderId === null
                      ? { kind: 'uncategorized' }
                      : { kind: 'folder', folderId: folder.folderId },
                  ),
                }))}
              />
              <CountList
                title="By platform"
                more="platforms"
                items={report.byPlatform.map((entry) => ({
                  key: entry.platform,
                  label: PLATFORM_LABELS[entry.platform],
                  count: entry.count,
                }))}
              />
              <CountList
                title="Top tags"
                more="tags"
                items={report.topTags.map((tag) => ({
                  key: tag.tag,
                  label: `#${tag.tag}`,
                  count: tag.count,
                  to: viewHref({ kind: 'tag', tag: tag.tag }),
                }))}
              />
            </div>
          </SettingsSection>

          {report.newTags.length > 0 && (
            <SettingsSection
              id="new-tags"
              title="New tags"
              description="Tags no link you saved before this week carries."
            >
              <p className="flex flex-wrap gap-1.5">
                {report.newTags.map((tag) => (
                  <TagLink key={tag.tag} tag={tag.tag} size="md" />
                ))}
              </p>
            </SettingsSection>
          )}

          <SettingsSection
            id="digest"
            title="Digest"
            description="The week’s newest links, with their summaries."
          >
            <Digest digest={report.digest} saved={report.saved} />
          </SettingsSection>
        </>
      )}

      {report.rediscover.length > 0 && (
        <SettingsSection
          id="rediscover"
          title="Rediscover"
          description="Links you saved before this week that share its tags."
        >
          <div className="space-y-3">
            {report.rediscover.map((link) => (
              <RediscoverCard key={link.id} link={link} />
            ))}
          </div>
        </SettingsSection>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white">
        {formatCount(value)}
      </dd>
    </div>
  );
}
