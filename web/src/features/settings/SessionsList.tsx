import type { AccountSession } from '../../../../contracts/index.js';
import { useEndSession, useSessions } from '../../api/account';
import { useAuth } from '../../auth/AuthProvider';
import { Alert, Badge, Button } from '../../../../ui/components/controls';
import { MonitorIcon, PhoneIcon } from '../../../../ui/components/icons';
import { formatDate, formatDateTime } from '../../../../ui/lib/dates';
import { LoadFailed } from './LoadFailed';

const MOBILE = /\b(iOS|Android|iPadOS)\b/;

/** Where the person is signed in: this device first, each other one with a way to sign it out. */
export function SessionsList() {
  const sessions = useSessions();
  const end = useEndSession();

  if (sessions.isPending) return <p className="text-sm text-slate-500 dark:text-slate-400">Loading…</p>;
  if (sessions.isError) return <LoadFailed what="your sessions" onRetry={() => void sessions.refetch()} />;
  const ordered = [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {ordered.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            ending={end.isPending && end.variables === session.id}
            onEnd={() => end.mutate(session.id)}
          />
        ))}
      </ul>
      {end.isError && <Alert>Could not sign that session out. Please try again.</Alert>}
    </div>
  );
}

function SessionRow({
  session,
  ending,
  onEnd,
}: {
  session: AccountSession;
  ending: boolean;
  onEnd: () => void;
}) {
  const auth = useAuth();
  const Icon = MOBILE.test(session.device) ? PhoneIcon : MonitorIcon;
  return (
    <li aria-label={session.device} className="flex items-center gap-3 p-4 sm:gap-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words text-slate-900 dark:text-white">{session.device}</span>
          {session.current && <Badge tone="brand">This device</Badge>}
        </p>
        <p className="mt-1 flex flex-col text-xs text-slate-500 sm:flex-row sm:flex-wrap sm:gap-x-1.5 dark:text-slate-400">
          <span className="whitespace-nowrap">Signed in {formatDate(session.createdAt)}</span>
          <span aria-hidden="true" className="hidden sm:inline">
            ·
          </span>
          <span className="whitespace-nowrap">Last active {formatDateTime(session.lastUsedAt)}</span>
        </p>
      </div>
      {session.current ? (
        <Button variant="secondary" size="sm" onClick={() => void auth.logout()}>
          Log out
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          disabled={ending}
          onClick={onEnd}
          aria-label={`Sign out ${session.device}, last active ${formatDateTime(session.lastUsedAt)}`}
        >
          {ending ? 'Signing out…' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}
