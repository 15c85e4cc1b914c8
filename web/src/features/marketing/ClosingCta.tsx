import { ButtonLink } from '../../components/ButtonLink';
import { ArrowRightIcon } from './icons';

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-title" className="px-5 py-24 sm:px-8">
      <div className="relative isolate mx-auto max-w-4xl overflow-hidden rounded-3xl bg-slate-900 px-6 py-16 text-center shadow-2xl sm:px-16 dark:bg-slate-900 dark:ring-1 dark:ring-white/10">
        <div
          aria-hidden="true"
          className="absolute -top-24 left-1/2 -z-10 h-64 w-[40rem] -translate-x-1/2 rounded-full bg-linear-to-r from-brand-500/40 via-violet-500/30 to-sky-500/30 blur-3xl"
        />
        <h2
          id="closing-title"
          className="text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl"
        >
          Stop losing the good stuff
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-base leading-7 text-balance text-slate-300">
          Create an account on this server and save your first link in under a minute.
        </p>
        <div className="mt-8 flex justify-center">
          <ButtonLink to="/app" size="lg" variant="inverse">
            Get Started
            <ArrowRightIcon className="size-4" />
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
