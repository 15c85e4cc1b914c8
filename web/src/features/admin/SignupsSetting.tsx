import { useId, useState } from 'react';
import type { SignupMode } from '../../../../contracts/index.js';
import { useInstanceSettings, useUpdateInstanceSettings } from '../../api/admin';
import { Alert } from '../../../../ui/components/controls';
import { serverMessage } from '../auth/authErrors';
import { LoadFailed } from '../settings/LoadFailed';

const MODES: { mode: SignupMode; label: string; hint: string }[] = [
  { mode: 'open', label: 'Open', hint: 'Anyone who can reach this server can create an account.' },
  { mode: 'invite', label: 'Invite only', hint: 'Only people with an invite link you made can sign up.' },
  { mode: 'closed', label: 'Closed', hint: 'Nobody new can sign up, not even with an invite link.' },
];

/** Admin → Sign-ups: saved as soon as it is chosen; the SIGNUPS environment variable, when set, decides. */
export function SignupsSetting() {
  const settings = useInstanceSettings();
  const update = useUpdateInstanceSettings();
  const name = useId();
  // The choice shows at once, in the click's own render: a controlled radio whose value waited for the
  // mutation's state would be put back by React first. The server's answer then decides.
  const [picked, setPicked] = useState<SignupMode | null>(null);

  if (settings.isPending) return <p className="text-sm text-slate-500 dark:text-slate-400">Loading…</p>;
  if (settings.isError)
    return <LoadFailed what="the sign-up setting" onRetry={() => void settings.refetch()} />;
  const fromEnvironment = settings.data.signupsFromEnvironment;
  const chosen = picked ?? settings.data.signups;
  return (
    <div className="space-y-3">
      <fieldset disabled={fromEnvironment || update.isPending}>
        <legend className="sr-only">Who can sign up</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {MODES.map(({ mode, label, hint }) => (
            <label
              key={mode}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 has-checked:border-brand-500 has-checked:ring-2 has-checked:ring-brand-500/30 has-disabled:cursor-not-allowed has-disabled:opacity-70 dark:border-slate-700 dark:bg-slate-900"
            >
              <input
                type="radio"
                name={name}
                value={mode}
                checked={chosen === mode}
                onChange={() => {
                  setPicked(mode);
                  update.mutate(mode, { onSettled: () => setPicked(null) });
                }}
                className="mt-1 accent-brand-600"
              />
              <span>
                <span className="block text-sm font-medium text-slate-900 dark:text-white">{label}</span>
                <span className="block text-xs leading-5 text-slate-500 dark:text-slate-400">{hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {fromEnvironment && <Alert tone="info">Set by the SIGNUPS environment variable on the server.</Alert>}
      {update.isError && (
        <Alert>{serverMessage(update.error) ?? 'Could not save the setting. Please try again.'}</Alert>
      )}
    </div>
  );
}
