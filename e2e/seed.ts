import type {
  EnrichmentError,
  EnrichmentStatus,
  Folder,
  FolderColor,
  LinkState,
  SnippetColor,
} from '../contracts/index.js';
import sharp from 'sharp';
import { PREVIEW_ASPECT, PREVIEW_WIDTHS } from '../contracts/previews.js';
import type { Database } from '../server/db/database.js';
import { indexLinkTags } from '../server/library/link-tags.repository.js';
import type { TestUser } from './harness.js';

/**
 * A small, realistic library for screenshots and the accessibility checks: folders, links spread over
 * the date groups with every enrichment state, and snippets with notes. Made through the API, then aged
 * and enriched in the database (the workers are off in the e2e server, and dates cannot be set over HTTP).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const JOB_STATUS: Record<EnrichmentStatus, string> = {
  queued: 'queued',
  processing: 'running',
  enriched: 'success',
  failed: 'failed',
  none: 'success',
};

interface LinkSeed {
  title: string;
  url: string;
  folder: string | null;
  daysAgo: number;
  status: EnrichmentStatus;
  summary?: string;
  tags?: string[];
  keyPoints?: string[];
  /** How its enrichment went: attempts made, why the last failed, the next try in minutes. */
  attempts?: number;
  error?: EnrichmentError;
  retryInMinutes?: number;
  state?: LinkState;
  favorite?: boolean;
  /** Found gone by the availability checks (three in a row). */
  broken?: boolean;
}

/** Name, colour, and the folder it sits inside (created before it). */
const FOLDERS: [string, FolderColor, string?][] = [
  ['Reading list', 'blue'],
  ['Design', 'purple'],
  ['Research', 'green'],
  ['Recipes', 'orange'],
  ['Databases', 'indigo', 'Research'],
];

const LINKS: LinkSeed[] = [
  {
    title: 'The Design of Everyday Things, revisited',
    url: 'https://www.designsystems.example.com/everyday-things',
    folder: 'Design',
    daysAgo: 0,
    status: 'enriched',
    favorite: true,
    summary:
      'Why affordances and feedback still decide whether people can use what we build, thirty years on.',
    tags: ['design', 'ux', 'books'],
    keyPoints: [
      'Affordances tell people what an object can do.',
      'Feedback must be immediate and informative.',
      'Good mappings make controls self-explanatory.',
    ],
  },
  {
    title: 'How SQLite scales to a million readers',
    url: 'https://engineering.example.org/sqlite-at-scale',
    folder: 'Research',
    daysAgo: 0,
    status: 'processing',
  },
  {
    title: 'A field guide to sourdough',
    url: 'https://cooking.example.com/sourdough-guide',
    folder: 'Recipes',
    daysAgo: 1,
    status: 'enriched',
    state: 'read',
    favorite: true,
    summary: 'Starter care, hydration and a forgiving schedule for a first loaf that actually rises.',
    tags: ['baking', 'bread'],
  },
  {
    title: 'Why we sleep: notes on memory consolidation',
    url: 'https://science.example.net/sleep-and-memory',
    folder: 'Reading list',
    daysAgo: 3,
    status: 'enriched',
    state: 'archived',
    summary: 'Sleep replays the day and moves memories from short-term to long-term storage.',
    tags: ['science', 'memory'],
  },
  {
    title: 'Typography for the web in 2025',
    url: 'https://type.example.com/web-typography',
    folder: 'Design',
    daysAgo: 5,
    status: 'queued',
  },
  {
    title: 'Postgres indexes explained with pictures',
    broken: true,
    url: 'https://db.example.io/postgres-indexes',
    folder: 'Databases',
    tags: ['databases', 'science'],
    daysAgo: 12,
    status: 'failed',
    attempts: 5,
    error: { reason: 'no_such_site', message: 'No such site' },
  },
  {
    title: 'Post by @nasa on X',
    url: 'https://x.com/nasa/status/1585327',
    folder: null,
    daysAgo: 13,
    status: 'failed',
    attempts: 5,
    error: { reason: 'refused', message: 'The site refused the request (403)' },
  },
  {
    title: 'Notes from a week without meetings',
    url: 'https://slow.example.net/no-meetings',
    folder: 'Reading list',
    daysAgo: 1,
    status: 'queued',
    attempts: 2,
    error: { reason: 'timed_out', message: 'Timed out' },
    retryInMinutes: 4,
  },
  {
    title: 'The long tail of personal knowledge',
    url: 'https://essays.example.com/personal-knowledge',
    folder: null,
    daysAgo: 20,
    status: 'enriched',
    summary: 'Most of what we save is read once; a good system makes the second encounter effortless.',
    tags: ['pkm', 'notes', 'essays', 'productivity'],
  },
  {
    title: 'A decade of product quality at small teams',
    url: 'https://blog.example.com/product-quality',
    folder: 'Reading list',
    daysAgo: 45,
    status: 'enriched',
    summary: 'Quality is a habit of many small decisions, not a phase at the end of a project.',
    tags: ['product'],
  },
];

const SNIPPETS: {
  text: string;
  title: string;
  url: string;
  note?: string;
  color: SnippetColor;
  daysAgo: number;
}[] = [
  {
    text: 'The most important property of a program is whether it accomplishes the intention of its user.',
    title: 'Notes on programming',
    url: 'https://essays.example.com/programming-notes',
    note: 'Quote this in the design review.',
    color: 'yellow',
    daysAgo: 0,
  },
  {
    text: 'Sleep is the single most effective thing we can do to reset our brain and body health each day.',
    title: 'Why we sleep: notes on memory consolidation',
    url: 'https://science.example.net/sleep-and-memory',
    color: 'blue',
    daysAgo: 2,
  },
  {
    text: 'Hydration is the lever: wetter doughs give an open crumb but need stronger hands.',
    title: 'A field guide to sourdough',
    url: 'https://cooking.example.com/sourdough-guide',
    note: 'Try 75% next weekend.',
    color: 'green',
    daysAgo: 9,
  },
  {
    text: 'Good design is as little design as possible.',
    title: 'Ten principles',
    url: 'https://designsystems.example.com/principles',
    color: 'pink',
    daysAgo: 40,
  },
];

/**
 * A page's og:image as the server keeps it once fetched (server/previews): a drawn landscape in the hue
 * given, at every kept width, so that the Cards layout and Link Details show pictures without a fetch.
 */
export async function seedPreview(database: Database, linkId: string, hue: number): Promise<void> {
  const source = `https://images.example.com/${linkId}.jpg`;
  const drawing = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">` +
      `<defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,78%)"/>` +
      `<stop offset="1" stop-color="hsl(${hue + 30},50%,52%)"/></linearGradient></defs>` +
      `<rect width="1200" height="630" fill="url(#sky)"/>` +
      `<circle cx="${300 + (hue % 600)}" cy="190" r="90" fill="hsl(${hue + 180},70%,88%)" opacity="0.85"/>` +
      `<path d="M0 470 Q300 330 600 440 T1200 400 V630 H0Z" fill="hsl(${hue + 20},40%,32%)"/>` +
      `<path d="M0 540 Q400 460 800 530 T1200 510 V630 H0Z" fill="hsl(${hue + 40},35%,22%)"/></svg>`,
  );
  await database.db.updateTable('links').set({ og_image_url: source }).where('id', '=', linkId).execute();
  for (const width of PREVIEW_WIDTHS) {
    const image = await sharp(drawing)
      .resize(width, Math.round(width / PREVIEW_ASPECT))
      .webp()
      .toBuffer();
    await database.db
      .insertInto('link_previews')
      .values({
        link_id: linkId,
        width,
        source_url: source,
        content_type: 'image/webp',
        image,
        made_at: new Date().toISOString(),
      })
      .execute();
  }
}

export interface SeededLibrary {
  folders: Record<string, Folder>;
  linkTitles: string[];
}

export async function seedLibrary(database: Database, user: TestUser): Promise<SeededLibrary> {
  const folders: Record<string, Folder> = {};
  for (const [name, color, parent] of FOLDERS) {
    folders[name] = await user.api.folder(name, color, parent ? folders[parent]?.id : undefined);
  }
  const now = Date.now();
  // Oldest first, so that ties in the list's order never depend on insertion speed.
  for (const [index, seed] of [...LINKS].reverse().entries()) {
    const link = await user.api.link({
      url: seed.url,
      title: seed.title,
      folderId: seed.folder ? (folders[seed.folder]?.id ?? null) : null,
    });
    const created = new Date(now - seed.daysAgo * DAY_MS - 60_000).toISOString();
    const enriched = seed.status === 'enriched';
    await database.db
      .updateTable('links')
      .set({
        created_at: created,
        updated_at: created,
        state: seed.state ?? 'unread',
        favorite: seed.favorite ? 1 : 0,
        ...(seed.broken && {
          availability: 'broken',
          gone_checks: 3,
          checked_at: new Date(now).toISOString(),
        }),
        enrichment_status: seed.status,
        summary_short: seed.summary ?? null,
        summary_long: enriched && seed.summary ? `${seed.summary} ${seed.summary}` : null,
        og_title: enriched ? seed.title : null,
        og_description: seed.summary ?? null,
        tags: JSON.stringify(seed.tags ?? []),
        key_points: JSON.stringify(seed.keyPoints ?? []),
        last_processed_at: enriched ? created : null,
        enrichment_attempts: seed.attempts ?? (enriched ? 1 : 0),
        enrichment_error: seed.error ? JSON.stringify(seed.error) : null,
        enrichment_retry_at:
          seed.retryInMinutes === undefined
            ? null
            : new Date(now + seed.retryInMinutes * 60_000).toISOString(),
      })
      .where('id', '=', link.id)
      .execute();
    // Two enriched pages in three name a picture (the others show their site's icon in the Cards layout).
    if (enriched && index % 3 !== 2) await seedPreview(database, link.id, (index * 47) % 360);
    // Written past the API, as a worker would: the tag index follows as enrichment keeps it.
    await indexLinkTags(database.db, [
      { id: link.id, user_id: user.id, tags: JSON.stringify(seed.tags ?? []) },
    ]);
    await database.db
      .updateTable('link_ingest_jobs')
      .set({
        status: JOB_STATUS[seed.status],
        attempts: seed.attempts ?? (enriched ? 1 : 0),
        scheduled_at:
          seed.retryInMinutes === undefined
            ? created
            : new Date(now + seed.retryInMinutes * 60_000).toISOString(),
        created_at: created,
        updated_at: created,
      })
      .where('link_id', '=', link.id)
      .execute();
  }
  for (const seed of [...SNIPPETS].reverse()) {
    const snippet = await user.api.snippet({
      pageUrl: seed.url,
      pageTitle: seed.title,
      selectedText: seed.text,
      color: seed.color,
      ...(seed.note && { note: seed.note }),
    });
    const created = new Date(now - seed.daysAgo * DAY_MS - 60_000).toISOString();
    await database.db
      .updateTable('snippets')
      .set({ created_at: created, updated_at: created })
      .where('id', '=', snippet.id)
      .execute();
  }
  return { folders, linkTitles: LINKS.map((l) => l.title) };
}
