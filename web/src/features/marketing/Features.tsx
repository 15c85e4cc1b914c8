import type { ReactNode } from 'react';
import { ChartIcon, HighlighterIcon, PlugIcon, SearchIcon, ServerIcon, UsersIcon } from './icons';
import { SectionHeading } from './SectionHeading';

const FEATURES: { title: string; body: string; icon: ReactNode }[] = [
  {
    title: 'Shared folders',
    body: 'Collect links together with your team or family, each folder colour-coded and counted.',
    icon: <UsersIcon className="size-5" />,
  },
  {
    title: 'Instant search',
    body: 'Find any word in titles, addresses, descriptions, snippets and notes as you type.',
    icon: <SearchIcon className="size-5" />,
  },
  {
    title: 'Weekly insight reports',
    body: 'A short digest of what you saved this week, the themes that stood out and what is still unread.',
    icon: <ChartIcon className="size-5" />,
  },
  {
    title: 'Highlights and snippets',
    body: 'Keep the exact passage that mattered, with its surrounding context and a note of your own.',
    icon: <HighlighterIcon className="size-5" />,
  },
  {
    title: 'Assistant access via MCP',
    body: 'Let an AI assistant read your folders and links through OAuth, with read-only scopes you approve.',
    icon: <PlugIcon className="size-5" />,
  },
  {
    title: 'Self-hosted',
    body: 'Runs on a laptop with SQLite or scales out on PostgreSQL. No third-party services unless you add them.',
    icon: <ServerIcon className="size-5" />,
  },
];

export function Features() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-20 px-5 py-24 sm:px-8 sm:py-32"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you save, working for you"
          lead="Built for people who save more than they can read, and want to find it again."
        />
        <ul className="mt-16 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="flex gap-4">
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-slate-900 text-white dark:bg-white/10 dark:text-indigo-200 dark:ring-1 dark:ring-white/10">
                {feature.icon}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900 dark:text-white">{feature.title}</h3>
                <p className="mt-1.5 text-sm leading-6 text-slate-600 dark:text-slate-400">{feature.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
