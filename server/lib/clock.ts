export const nowIso = (): string => new Date().toISOString();

export const isoIn = (seconds: number, from = Date.now()): string =>
  new Date(from + seconds * 1000).toISOString();
