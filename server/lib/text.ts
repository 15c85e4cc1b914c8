/** PostgreSQL text cannot hold NUL (SQLite can): text from outside is stored without it. */
export const withoutNul = (text: string): string => text.replaceAll('\u0000', '');

/** Runs of white space (line breaks, tabs, non-breaking spaces) as one space, none at the ends. */
export const collapseWhitespace = (text: string) => text.replace(/\s+/g, ' ').trim();
