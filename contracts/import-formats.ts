/**
 * The names, labels and limits of import and export (API.md "Import and export"), apart from the zod schemas
 * of contracts/imports.ts so the web app can use them without bundling zod.
 */

/** API.md "Import and export": the formats an import recognises, by the names clients send as `format`. */
export const IMPORT_FORMATS = [
  'netscape',
  'pocket-csv',
  'pocket-html',
  'raindrop-csv',
  'pinboard-json',
  'instapaper-csv',
  'omnivore',
  'readwise-csv',
  'chrome-json',
  'firefox-json',
  'linkwarden-json',
  'karakeep-json',
  'wallabag-json',
  'linkvault-json',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What the web app shows once a file is recognised, and what `unsupported_format` lists. */
export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  netscape: 'Bookmark HTML file (every browser and most services)',
  'pocket-csv': 'Pocket export (CSV or its ZIP)',
  'pocket-html': 'Pocket export (HTML)',
  'raindrop-csv': 'Raindrop.io export (CSV)',
  'pinboard-json': 'Pinboard export (JSON)',
  'instapaper-csv': 'Instapaper export (CSV)',
  omnivore: 'Omnivore export (ZIP or JSON)',
  'readwise-csv': 'Readwise highlights (CSV)',
  'chrome-json': 'Chrome profile Bookmarks file (JSON)',
  'firefox-json': 'Firefox bookmarks backup (JSON)',
  'linkwarden-json': 'Linkwarden backup (JSON)',
  'karakeep-json': 'Karakeep export (JSON)',
  'wallabag-json': 'wallabag export (JSON)',
  'linkvault-json': 'Linkvault export (JSON)',
};

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** API.md: an upload may be up to 100 MB. */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

export const EXPORT_FORMATS = ['json', 'html', 'csv', 'markdown'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** File extension of each export (API.md: `linkvault-YYYY-MM-DD.<ext>`); markdown comes as a ZIP of notes. */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = {
  json: 'json',
  html: 'html',
  csv: 'csv',
  markdown: 'zip',
};
