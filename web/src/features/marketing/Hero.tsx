import { ButtonLink, buttonLinkClass } from '../../components/ButtonLink';
import { ArrowRightIcon, CheckIcon, PlayIcon } from './icons';

/** SPEC.md §1's three claims, shown as scannable proof points under the headline. */
const CLAIMS = [
  'Save a link in one click',
  'Get an instant summary and tags',
  'Rediscover everything, auto-organized',
];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="mx-auto max-w-4xl px-5 pt-20 pb-16 text-center sm:px-8 sm:pt-28 sm:pb-20">
        <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-brand-50/80 px-3 py-1 text-xs font-medium text-brand-700 dark:border-indigo-400/20 dark:bg-indigo-400/10 dark:text-indigo-200">
          <span className="size-1.5 rounded-full bg-brand-500" aria-hidden="true" />
          Self-hosted. Your library stays on your server.
        </p>
        <h1
          id="hero-title"
          className="mt-6 text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-6xl sm:leading-[1.05] dark:text-white"
        >
          Every link you save,{' '}
          <span className="bg-linear-to-r from-brand-600 via-violet-500 to-sky-500 bg-clip-text text-transparent dark:from-indigo-300 dark:via-violet-300 dark:to-sky-300">
            remembered for you
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-pretty text-slate-600 dark:text-slate-300">
          Save a link in one click, get an instant summary and tags, and rediscover everything on an
          auto-organized dashboard. Linkvault reads the page so you don&apos;t have to read it twice.
        </p>
        <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <ButtonLink to="/app" size="lg">
            Get Started
            <ArrowRightIcon className="size-4" />
          </ButtonLink>
          <a href="#demo" className={buttonLinkClass('secondary', 'lg')}>
            <PlayIcon className="size-5 text-brand-600 dark:text-indigo-300" />
            Watch Demo
          </a>
        </div>
        <ul className="mx-auto mt-10 flex flex-col items-center gap-3 text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:justify-center sm:gap-x-6 dark:text-slate-400">
          {CLAIMS.map((claim) => (
            <li key={claim} className="inline-flex items-center gap-2">
              <CheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" />
              {claim}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Soft brand glow over a faint grid: depth without an image request. */
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(148_163_184/0.12)_1px,transparent_1px),linear-gradient(to_bottom,rgb(148_163_184/0.12)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)] bg-[size:48px_48px]" />
      <div className="absolute top-[-12rem] left-1/2 h-[32rem] w-[56rem] -translate-x-1/2 rounded-full bg-linear-to-br from-brand-500/25 via-violet-400/20 to-sky-400/10 blur-3xl dark:from-brand-500/30 dark:via-violet-500/15 dark:to-sky-500/10" />
    </div>
  );
}
