import { Link } from 'react-router';
import { Wordmark } from '../../../../ui/components/Wordmark';
import { CodeIcon } from './icons';
import { SOCIAL_LINK } from './siteLinks';

const linkClass =
  'rounded-sm text-sm text-slate-600 transition-colors hover:text-slate-900 dark:text-slate-400 dark:hover:text-white';

export function MarketingFooter() {
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-5 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <Wordmark size="sm" />
          <p className="text-sm text-slate-500 dark:text-slate-400">Your links, on your server.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Terms
              </Link>
            </li>
            <li>
              <a
                href={SOCIAL_LINK.href}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClass} inline-flex items-center gap-1.5`}
              >
                <CodeIcon className="size-4" />
                {SOCIAL_LINK.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
