/**
 * What the demo dashboard shows: a believable library (real, well-known pages) so visitors recognise the
 * product at a glance. Counts add up (the folders and Uncategorized make All Links).
 */
export type DemoColor = 'blue' | 'purple' | 'green' | 'orange' | 'pink';

export const DEMO_DOT: Record<DemoColor, string> = {
  blue: 'bg-blue-500',
  purple: 'bg-purple-500',
  green: 'bg-emerald-500',
  orange: 'bg-orange-500',
  pink: 'bg-pink-500',
};

export const DEMO_FOLDERS: { name: string; color: DemoColor; count: number }[] = [
  { name: 'Engineering', color: 'blue', count: 42 },
  { name: 'Design', color: 'purple', count: 18 },
  { name: 'Reading list', color: 'green', count: 27 },
  { name: 'Cooking', color: 'orange', count: 9 },
  { name: 'Travel', color: 'pink', count: 6 },
];

export const DEMO_TOTALS = { links: 109, uncategorized: 7, snippets: 34 };

export interface DemoLink {
  title: string;
  host: string;
  initial: string;
  tint: string;
  summary?: string;
  tags: string[];
  folder?: { name: string; color: DemoColor };
  status?: 'Queued' | 'Enriching';
  snippets?: number;
  platform?: string;
}

export const DEMO_GROUPS: { heading: string; links: DemoLink[] }[] = [
  {
    heading: 'Today',
    links: [
      {
        title: 'Query Planning',
        host: 'sqlite.org',
        initial: 'S',
        tint: 'bg-sky-600',
        summary:
          'How SQLite uses indexes to skip full table scans, with worked examples of lookups, sorting and covering indexes.',
        tags: ['databases', 'performance'],
        folder: { name: 'Engineering', color: 'blue' },
        snippets: 3,
      },
      {
        title: 'The Twelve-Factor App',
        host: '12factor.net',
        initial: '12',
        tint: 'bg-slate-700',
        tags: [],
        status: 'Enriching',
      },
    ],
  },
  {
    heading: 'Yesterday',
    links: [
      {
        title: 'Toggle Buttons',
        host: 'inclusive-components.design',
        initial: 'I',
        tint: 'bg-rose-600',
        summary:
          'When to reach for aria-pressed or a switch role, and how to label a toggle so its state is announced.',
        tags: ['accessibility', 'ui'],
        folder: { name: 'Design', color: 'purple' },
      },
      {
        title: 'Knife skills for beginners',
        host: 'youtube.com',
        initial: '▶',
        tint: 'bg-red-600',
        tags: [],
        folder: { name: 'Cooking', color: 'orange' },
        status: 'Queued',
        platform: 'YouTube',
      },
    ],
  },
];
