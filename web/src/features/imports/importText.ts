import type { Import, ImportStatus } from '../../../../contracts/index.js';
import { formatCount } from '../../../../ui/lib/format';

/** What an import's numbers say to a person, everywhere the Import & export section shows one. */

/**
 * The three counts of an import, read together as "4,812 added, 188 already saved, 3 skipped" (merged
 * entries were already saved).
 */
export function importCounts({
  created,
  merged,
  skipped,
}: Pick<Import, 'created' | 'merged' | 'skipped'>): string[] {
  return [
    `${formatCount(created)} added`,
    `${formatCount(merged)} already saved`,
    `${formatCount(skipped)} skipped`,
  ];
}

/** "1,234 of 5,000 entries"; before the file has been counted, how many are done so far. */
export function importProgress({ processed, total }: Pick<Import, 'processed' | 'total'>): string {
  if (total === null) return `${formatCount(processed)} ${processed === 1 ? 'entry' : 'entries'} so far`;
  return `${formatCount(processed)} of ${formatCount(total)} ${total === 1 ? 'entry' : 'entries'}`;
}

/** Share of the file done, 0 to 100; null while the file is being counted. */
export function importPercent({ processed, total }: Pick<Import, 'processed' | 'total'>): number | null {
  if (total === null) return null;
  if (total === 0) return 100;
  return Math.min(100, Math.floor((processed / total) * 100));
}

export const STATUS_LABELS: Record<ImportStatus, string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * The server's unsupported_format message names the formats it reads after "It reads:", separated by
 * semicolons: shown as a list, it can be scanned. Any other message is shown whole.
 */
export function splitFormatList(message: string): { lead: string; formats: string[] } {
  const match = /^(.*?)\s*It reads:\s*(.+?)\.?$/s.exec(message);
  if (!match?.[1] || !match[2]) return { lead: message, formats: [] };
  return { lead: match[1], formats: match[2].split(/;\s*/).filter(Boolean) };
}
