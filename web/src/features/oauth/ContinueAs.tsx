import { type FormEvent, useState } from 'react';
import type { User } from '../../../../contracts/index.js';
import { Button } from '../../../../ui/components/controls';
import { SubmitButton } from '../../../../ui/components/SubmitButton';

/**
 * For someone already signed in when an app sends them to sign in: go on as that account, or switch
 * (signing out first) without typing a password they have just proven they know.
 */
export function ContinueAs({
  user,
  onContinue,
  onUseAnotherAccount,
}: {
  user: User;
  onContinue: () => Promise<void>;
  onUseAnotherAccount: () => Promise<void>;
}) {
  const [pending, setPending] = useState<'continue' | 'switch' | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending('continue');
    // On success the page navigates away; nothing to reset.
    void onContinue();
  }

  async function switchAccount() {
    setPending('switch');
    await onUseAnotherAccount();
  }

  return (
    <form onSubmit={submit} aria-label="Continue as signed-in account" className="space-y-3">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">You are signed in as</p>
      <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 dark:border-slate-700 dark:bg-slate-950/60">
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white"
        >
          {(user.name.trim()[0] ?? user.email[0] ?? 'U').toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{user.name}</p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
        </div>
      </div>
      <div className="pt-2">
        <SubmitButton pending={pending === 'continue'} pendingLabel="Continuing…">
          Continue as {user.name}
        </SubmitButton>
      </div>
      <Button
        variant="ghost"
        className="h-11 w-full"
        disabled={pending !== null}
        onClick={() => void switchAccount()}
      >
        Use another account
      </Button>
    </form>
  );
}
