import type { ReactNode } from 'react';
import type { OneTimeLink } from '../../../../contracts/index.js';
import { Button } from '../../../../ui/components/controls';
import { formatDateTime } from '../../../../ui/lib/dates';
import { ReadOnlyField } from '../capture/ReadOnlyField';

/**
 * An invite or a password reset link, seen this once (the server keeps only its hash): copied from here
 * and passed on by the admin, since Linkvault sends no e-mail.
 */
export function OneTimeLinkResult({
  link,
  label,
  children,
  onDone,
}: {
  link: OneTimeLink;
  label: string;
  /** Who it is for and what it does, before the link. */
  children: ReactNode;
  onDone: () => void;
}) {
  return (
    <div className="space-y-4 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 dark:border-emerald-900/60 dark:bg-emerald-950/30">
      <p className="text-sm leading-6 text-slate-700 dark:text-slate-300">{children}</p>
      <div>
        <ReadOnlyField label={label} value={link.url} />
        <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          Works once, until {formatDateTime(link.expiresAt)}. Copy it now: it is not shown again.
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
