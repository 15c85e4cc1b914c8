import { Link as RouterLink } from 'react-router';
import { viewHref } from '../dashboard/useDashboardView';

const SIZES = {
  sm: 'max-w-40 px-1.5 py-0.5',
  md: 'max-w-full px-2 py-0.5',
};

/** A tag anywhere it is shown: a link to the list of the person's links with it (/app?tag=). */
export function TagLink({
  tag,
  size = 'sm',
  onNavigate,
}: {
  tag: string;
  size?: keyof typeof SIZES;
  onNavigate?: () => void;
}) {
  return (
    <RouterLink
      to={viewHref({ kind: 'tag', tag })}
      onClick={onNavigate}
      title={`Links tagged ${tag}`}
      className={`relative z-10 inline-block truncate rounded-md bg-slate-100 text-xs font-medium text-slate-600 transition-colors hover:bg-brand-50 hover:text-brand-700 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-brand-500/15 dark:hover:text-brand-100 ${SIZES[size]}`}
    >
      #{tag}
    </RouterLink>
  );
}
