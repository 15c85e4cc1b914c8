import { Badge } from '../../../../ui/components/controls';
import { CheckIcon } from '../../../../ui/components/icons';

/** A connected app has no logo we can trust (a client could claim any image): its initial stands in. */
export function AppAvatar({ name, size = 'md' }: { name: string; size?: 'md' | 'lg' }) {
  const sizing = size === 'lg' ? 'size-14 rounded-2xl text-xl' : 'size-10 rounded-xl text-base';
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center bg-slate-900 font-semibold text-white ring-1 ring-slate-900/10 dark:bg-slate-700 dark:ring-white/10 ${sizing}`}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

/** Marks a client whose name is only its own claim (SPEC.md consent screen: "mark unverified clients"). */
export function UnverifiedBadge() {
  return (
    <Badge tone="amber">
      <span title="Linkvault could not verify who publishes this app">Unverified</span>
    </Badge>
  );
}

/** Marks a client whose address belongs to `domain`, which served its metadata document. */
export function VerifiedDomainBadge({ domain }: { domain: string }) {
  return (
    <Badge tone="brand">
      <span
        title={`Linkvault checked that this app is published at ${domain}`}
        className="flex items-center gap-1"
      >
        <CheckIcon className="size-3" />
        <span className="break-all">{domain}</span>
      </span>
    </Badge>
  );
}
