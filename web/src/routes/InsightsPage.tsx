import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type IsoWeek,
  compareWeeks,
  currentWeek,
  formatIsoWeek,
  parseIsoWeek,
  shiftWeek,
} from '../../../contracts/index.js';
import { browserTimeZone, useInsights } from '../api/insights';
import { SubPageLayout } from '../components/SubPageLayout';
import { ListLoadFailed } from '../features/dashboard/ListStates';
import { WeekPicker } from '../features/insights/WeekPicker';
import { InsightDelivery } from '../features/insights/InsightDelivery';
import { WeekReport } from '../features/insights/WeekReport';

/**
 * /app/insights (issue 19, the weekly insight report): one ISO week at a time, the last complete one unless
 * ?week=2026-W47 names another, in the browser's time zone. The week is in the URL, so the browser's Back
 * goes to the week before it and a week can be linked to.
 */
export function InsightsPage() {
  // The zone, and the week under way, as the page opened.
  const [{ timeZone, current }] = useState(() => {
    const zone = browserTimeZone();
    return { timeZone: zone, current: currentWeek(Date.now(), zone) };
  });
  const [params, setParams] = useSearchParams();
  const asked = parseIsoWeek(params.get('week') ?? '');
  const week = asked && compareWeeks(asked, current) <= 0 ? asked : shiftWeek(current, -1);
  const report = useInsights(formatIsoWeek(week), timeZone);
  const show = (next: IsoWeek) => setParams({ week: formatIsoWeek(next) });

  return (
    <SubPageLayout
      title="Insights"
      intro="What you saved and read, week by week, and older links that go with it."
    >
      <div className="space-y-8">
        <WeekPicker week={week} current={current} onChange={show} />
        <section aria-label="Week report" aria-busy={report.isPending}>
          {report.isPending ? (
            <div className="space-y-4" aria-label="Loading the week">
              <div className="grid grid-cols-3 gap-3">
                {[0, 1, 2].map((i) => (
                  <div key={i} className="h-20 animate-pulse rounded-xl bg-slate-200/70 dark:bg-slate-800" />
                ))}
              </div>
              <div className="h-48 animate-pulse rounded-xl bg-slate-200/70 dark:bg-slate-800" />
              <div className="h-32 animate-pulse rounded-xl bg-slate-200/70 dark:bg-slate-800" />
            </div>
          ) : report.isError ? (
            <ListLoadFailed what="insights" onRetry={() => void report.refetch()} />
          ) : (
            <WeekReport
              report={report.data}
              week={week}
              underWay={compareWeeks(week, current) === 0}
              onEarlier={() => show(shiftWeek(week, -1))}
            />
          )}
        </section>
        <div className="border-t border-slate-200 pt-8 dark:border-slate-800">
          <InsightDelivery />
        </div>
      </div>
    </SubPageLayout>
  );
}
