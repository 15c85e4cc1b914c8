/** PostgreSQL text cannot hold NUL (SQLite can): text from outside is stored without it. */
export const withoutNul = (text: string): string => text.replaceAll('\u0000', '');
