import type { ReactNode } from 'react';
import { LinkIcon, SearchIcon, SparklesIcon } from './icons';
import { SectionHeading } from './SectionHeading';

const STEPS: { title: string; body: string; icon: ReactNode }[] = [
  {
    title: 'Save',
    body: 'One click from the browser extension, the bookmarklet or your phone’s share sheet. Highlight text on any page to keep it as a snippet.',
    icon: <LinkIcon className="size-5" />,
  },
  {
    title: 'Summarize',
    body: 'Linkvault fetches the page and adds a title, preview, short and long summaries, key points and tags, usually within a minute.',
    icon: <SparklesIcon className="size-5" />,
  },
  {
    title: 'Rediscover',
    body: 'Browse by folder and by day, or search titles, notes and snippets instantly. What you saved last year is one query away.',
    icon: <SearchIcon className="size-5" />,
  },
];

export function Steps() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="steps-title"
      className="scroll-mt-20 border-y border-slate-200 bg-slate-50 px-5 py-24 sm:px-8 sm:py-32 dark:border-slate-800/80 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="steps-title"
          eyebrow="How it works"
          title="Three steps, zero filing"
          lead="Saving takes a click. Linkvault does the reading, the labelling and the sorting."
        />
        <ol className="mt-16 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li
              key={step.title}
              className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex items-center justify-between">
                <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 dark:bg-indigo-400/10 dark:text-indigo-300 dark:ring-indigo-400/20">
                  {step.icon}
                </span>
                <span className="font-mono text-sm text-slate-500 dark:text-slate-400" aria-hidden="true">
                  0{i + 1}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
