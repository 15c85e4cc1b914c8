import { useId, useRef, useState } from 'react';
import { MEMBER_ROLES, type MemberRole } from '../../../../contracts/constants.js';
import type { Folder, FolderMember } from '../../../../contracts/index.js';
import { useAddMember, useFolderMembers, useRemoveMember, useUpdateMember } from '../../api/sharing';
import { useAuth } from '../../auth/AuthProvider';
import { Dialog } from '../../components/Dialog';
import { Alert, Button } from '../../../../ui/components/controls';
import { ChevronDownIcon, UsersIcon, XIcon } from '../../../../ui/components/icons';
import { serverMessage } from '../auth/authErrors';
import { LoadFailed } from '../settings/LoadFailed';
import { ROLE_LABELS } from './folderAccess';
import { Initial } from './Initial';

const TRY_AGAIN = 'That did not work. Please try again.';

/**
 * Share… (issue 19), the owner's: add someone by the e-mail of their account as a viewer or an editor, and
 * see, change and remove the people the folder is shared with. Refusals (no such account, already a member)
 * are said under the form, where the e-mail was typed.
 */
export function ShareDialog({ folder, onClose }: { folder: Folder | null; onClose: () => void }) {
  return (
    <Dialog
      open={folder !== null}
      onClose={onClose}
      title="Share folder"
      description={
        folder && (
          <>
            People you add see{' '}
            <strong className="font-medium wrap-anywhere text-slate-700 dark:text-slate-200">
              “{folder.name}”
            </strong>{' '}
            under Shared with me.
          </>
        )
      }
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {folder && <ShareForm key={folder.id} folder={folder} />}
    </Dialog>
  );
}

function ShareForm({ folder }: { folder: Folder }) {
  const members = useFolderMembers(folder.id);
  const add = useAddMember(folder.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('viewer');
  const emailRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();

  return (
    <div className="space-y-6 pt-1">
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(
            { email: email.trim(), role },
            {
              onSuccess: () => {
                setEmail('');
                emailRef.current?.focus();
              },
            },
          );
        }}
      >
        <label
          htmlFor={`${hintId}-email`}
          className="block text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          Add people by e-mail
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            ref={emailRef}
            id={`${hintId}-email`}
            type="email"
            required
            autoComplete="off"
            data-autofocus
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (add.isError) add.reset();
            }}
            placeholder="name@example.com"
            aria-describedby={add.isError ? errorId : hintId}
            aria-invalid={add.isError || undefined}
            className="block h-10 w-full min-w-0 rounded-lg sm:w-auto sm:flex-1 border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          />
          <RoleSelect value={role} onChange={setRole} label="Role" className="flex-1 sm:w-28 sm:flex-none" />
          <Button type="submit" disabled={add.isPending || email.trim() === ''}>
            {add.isPending ? 'Adding…' : 'Add'}
          </Button>
        </div>
        {add.isError ? (
          <div id={errorId}>
            <Alert>{serverMessage(add.error) ?? TRY_AGAIN}</Alert>
          </div>
        ) : (
          <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
            Viewers see its links. Editors also add, edit, move and remove them. Only you can rename, share or
            delete it.
          </p>
        )}
      </form>

      <section aria-labelledby={`${hintId}-people`}>
        <h3
          id={`${hintId}-people`}
          className="mb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400"
        >
          People with access
        </h3>
        {members.isPending ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Loading…</p>
        ) : members.isError ? (
          <LoadFailed what="the people it is shared with" onRetry={() => void members.refetch()} />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            <OwnerRow />
            {members.data.map((member) => (
              <MemberRow key={member.userId} folderId={folder.id} member={member} />
            ))}
            {members.data.length === 0 && (
              <li className="flex items-start gap-3 px-3.5 py-3 text-sm text-slate-500 dark:text-slate-400">
                <UsersIcon className="mt-0.5 size-4" />
                <span>Not shared yet: only you can see this folder.</span>
              </li>
            )}
          </ul>
        )}
      </section>
    </div>
  );
}

function OwnerRow() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <li className="flex items-center gap-3 px-3.5 py-2.5">
      <Initial name={user.name || user.email} />
      <Person name={`${user.name} (you)`} email={user.email} />
      <span className="shrink-0 pr-1 text-sm text-slate-500 dark:text-slate-400">Owner</span>
    </li>
  );
}

function MemberRow({ folderId, member }: { folderId: string; member: FolderMember }) {
  const update = useUpdateMember(folderId);
  const remove = useRemoveMember(folderId);
  const busy = update.isPending || remove.isPending;
  const failure = update.error ?? remove.error;
  const who = member.name || member.email;
  return (
    <li aria-label={who} className="px-3.5 py-2.5">
      {/* On a phone the role and Remove go under the name, which keeps the width for it. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <Initial name={who} />
          <Person name={member.name} email={member.email} />
        </div>
        <div className="flex shrink-0 items-center gap-1 pl-11 sm:pl-0">
          <RoleSelect
            value={member.role}
            label={`Role: ${who}`}
            disabled={busy}
            onChange={(next) => {
              remove.reset();
              update.mutate({ userId: member.userId, role: next });
            }}
            className="w-28"
          />
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              update.reset();
              remove.mutate(member.userId);
            }}
            aria-label={`Remove ${who}`}
            title="Remove"
            className="grid size-10 place-items-center rounded-lg text-slate-500 transition-colors hover:bg-red-50 hover:text-red-600 disabled:opacity-50 dark:text-slate-400 dark:hover:bg-red-500/15 dark:hover:text-red-400"
          >
            <XIcon />
          </button>
        </div>
      </div>
      {failure && (
        <div className="mt-2">
          <Alert>{serverMessage(failure) ?? TRY_AGAIN}</Alert>
        </div>
      )}
    </li>
  );
}

function Person({ name, email }: { name: string; email: string }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate text-sm font-medium text-slate-900 dark:text-white" title={name}>
        {name}
      </p>
      <p className="truncate text-xs text-slate-500 dark:text-slate-400" title={email}>
        {email}
      </p>
    </div>
  );
}

function RoleSelect({
  value,
  onChange,
  label,
  disabled,
  className = '',
}: {
  value: MemberRole;
  onChange: (role: MemberRole) => void;
  /** Read by screen readers; the select shows its value. */
  label: string;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as MemberRole)}
        className="h-10 w-full appearance-none rounded-lg border border-slate-300 bg-white pr-8 pl-3 text-sm text-slate-800 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {MEMBER_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
}
