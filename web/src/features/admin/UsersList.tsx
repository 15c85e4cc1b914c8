import { useState } from 'react';
import type { AdminUser } from '../../../../contracts/index.js';
import { useAdminUsers, useCreatePasswordReset, useUpdateAdminUser } from '../../api/admin';
import { useAuth } from '../../auth/AuthProvider';
import { Alert, Badge, Button } from '../../../../ui/components/controls';
import { formatDate, formatDateTime, formatTimeAgo } from '../../../../ui/lib/dates';
import { formatCount } from '../../../../ui/lib/format';
import { serverMessage } from '../auth/authErrors';
import { LoadFailed } from '../settings/LoadFailed';
import { DeleteUserDialog } from './DeleteUserDialog';
import { EmailAddress } from './EmailAddress';
import { OneTimeLinkResult } from './OneTimeLinkResult';

/** Admin → Users: every account of this server, oldest first, with what an admin can do to each. */
export function UsersList() {
  const users = useAdminUsers();
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  if (users.isPending) return <p className="text-sm text-slate-500 dark:text-slate-400">Loading…</p>;
  if (users.isError) {
    return <LoadFailed what="the accounts" onRetry={() => void users.refetch()} />;
  }
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {users.data.map((user) => (
          <UserRow key={user.id} user={user} onDelete={() => setDeleting(user)} />
        ))}
      </ul>
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function UserRow({ user, onDelete }: { user: AdminUser; onDelete: () => void }) {
  const auth = useAuth();
  const update = useUpdateAdminUser();
  const reset = useCreatePasswordReset();
  const self = auth.user?.id === user.id;
  const busy = update.isPending || reset.isPending;
  const change = (changes: { role?: AdminUser['role']; disabled?: boolean }) => {
    reset.reset();
    update.mutate({ id: user.id, changes });
  };
  const failure = update.error ?? reset.error;

  return (
    <li aria-label={user.name} className="p-4">
      <div className="flex items-start gap-3 sm:gap-4">
        <span
          aria-hidden="true"
          className={`grid size-10 shrink-0 place-items-center rounded-full text-sm font-semibold ${
            user.disabled
              ? 'bg-slate-200 text-slate-500 dark:bg-slate-800 dark:text-slate-400'
              : 'bg-brand-600 text-white'
          }`}
        >
          {(user.name.trim()[0] ?? user.email[0] ?? '?').toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium break-words text-slate-900 dark:text-white">{user.name}</span>
            {self && <Badge tone="brand">You</Badge>}
            {user.role === 'admin' && <Badge tone="amber">Admin</Badge>}
            {user.disabled && <Badge tone="red">Disabled</Badge>}
          </p>
          <p className="text-sm break-words text-slate-600 dark:text-slate-400">
            <EmailAddress email={user.email} />
          </p>
          <p className="mt-1 flex flex-col text-xs text-slate-500 sm:flex-row sm:flex-wrap sm:gap-x-1.5 dark:text-slate-400">
            <span className="flex gap-x-1.5 whitespace-nowrap">
              <span>
                {formatCount(user.linkCount)} {user.linkCount === 1 ? 'link' : 'links'}
              </span>
              <span aria-hidden="true">·</span>
              <LastActive at={user.lastActiveAt} />
            </span>
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            <span className="whitespace-nowrap">Joined {formatDate(user.createdAt)}</span>
          </p>
        </div>
      </div>
      {/* Below the avatar's column from 640 px; the phone's whole width, which a link to copy needs. */}
      <div className="mt-3 space-y-3 sm:pl-14">
        <div className="flex flex-wrap gap-2">
          <UserAction
            label={user.role === 'admin' ? 'Make user' : 'Make admin'}
            person={user.name}
            busy={busy}
            onClick={() => change({ role: user.role === 'admin' ? 'user' : 'admin' })}
          />
          {!self && (
            <UserAction
              label={user.disabled ? 'Enable' : 'Disable'}
              person={user.name}
              busy={busy}
              onClick={() => change({ disabled: !user.disabled })}
            />
          )}
          <UserAction
            label="Password reset link"
            shown={reset.isPending ? 'Creating…' : undefined}
            person={user.name}
            busy={busy}
            onClick={() => {
              update.reset();
              reset.mutate(user.id);
            }}
          />
          {!self && (
            <UserAction label="Delete" shown="Delete…" person={user.name} busy={busy} onClick={onDelete} />
          )}
        </div>
        {failure && <Alert>{serverMessage(failure) ?? 'That did not work. Please try again.'}</Alert>}
        {reset.data && (
          <OneTimeLinkResult link={reset.data} label="Password reset link" onDone={() => reset.reset()}>
            <strong className="font-semibold text-slate-900 dark:text-white">
              A password reset link for {user.name}.
            </strong>{' '}
            Send it to them: it lets them choose a new password, and signs them out everywhere once they do.
          </OneTimeLinkResult>
        )}
      </div>
    </li>
  );
}

function LastActive({ at }: { at: string | null }) {
  if (!at) return <span>Not active yet</span>;
  return (
    <span>
      Active{' '}
      <time dateTime={at} title={formatDateTime(at)}>
        {formatTimeAgo(at)}
      </time>
    </span>
  );
}

/** One of a row's actions, named with its person for a screen reader ("Disable: Alan Turing"). */
function UserAction({
  label,
  shown = label,
  person,
  busy,
  onClick,
}: {
  label: string;
  shown?: string | undefined;
  person: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={busy}
      onClick={onClick}
      aria-label={`${label}: ${person}`}
    >
      {shown}
    </Button>
  );
}
