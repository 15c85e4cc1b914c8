import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { Wordmark } from '../../../../../ui/components/Wordmark';
import { MarketingFooter } from '../MarketingFooter';
import { SkipLink } from '../SkipLink';

/** SPEC.md §1: both documents carry this date. */
const EFFECTIVE = { iso: '2025-10-20', text: '20 October 2025' };

/** Frame of the static legal pages: a readable measure, the date, and a way back to the home page. */
export function LegalLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  // Client-side navigation keeps the previous scroll offset; a document starts at its top. 'instant'
  // overrides the smooth scrolling the home page may still have switched on.
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, []);
  return (
    <>
      <title>{`${title} · Linkvault`}</title>
      <SkipLink />
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-5 sm:px-8">
          <Link to="/" className="rounded-lg" aria-label="Linkvault home">
            <Wordmark />
          </Link>
          <BackHome />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="outline-none">
        <article className="mx-auto max-w-3xl px-5 py-14 sm:px-8 sm:py-20">
          <p className="text-sm font-semibold text-brand-600 dark:text-indigo-300">Legal</p>
          <h1 className="mt-2 text-4xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {title}
          </h1>
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
            Effective <time dateTime={EFFECTIVE.iso}>{EFFECTIVE.text}</time>
          </p>
          <div className="mt-8 text-lg leading-8 text-slate-700 dark:text-slate-300">{intro}</div>
          <div className="mt-4 max-w-[68ch]">{children}</div>
        </article>
      </main>
      <MarketingFooter />
    </>
  );
}

function BackHome() {
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-600 hover:text-brand-700 dark:text-indigo-300 dark:hover:text-indigo-200"
    >
      <span aria-hidden="true">←</span> Back to home
    </Link>
  );
}

/** A numbered heading and its paragraphs; the number doubles as an anchor people can cite. */
export function Clause({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-12 scroll-mt-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-base leading-7 text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}

export function Bullets({ children }: { children: ReactNode }) {
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-slate-400 dark:marker:text-slate-500">{children}</ul>
  );
}

export function Term({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-slate-900 dark:text-white">{children}</strong>;
}
