/** JSON columns are text on both engines (db/schema.ts); a corrupt value reads as the fallback, never a 500. */
export function readJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const writeJson = (value: unknown): string => JSON.stringify(value);
