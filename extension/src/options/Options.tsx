import { useState } from 'react';
import { Spinner } from '../../../ui/components/Spinner';
import { Wordmark } from '../../../ui/components/Wordmark';
import { Alert, Button } from '../../../ui/components/controls';
import { type Status, callBackground } from '../shared/messages.js';
import { SignInForm } from '../ui/SignInForm';
import { useStatus } from '../ui/useStatus';

/** The extension's settings page: which Linkvault it saves to, as whom, and what waits to be sent. */
export function Options() {
  const [status, setStatus] = useStatus();
  return (
    <main className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-12 dark:bg-slate-950">
      <Wordmark className="mb-8" />
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {status === null ? (
          <Spinner label="Loading" />
        ) : status.signedIn ? (
          <Account status={status} onChange={setStatus} />
        ) : (
          <>
            <h1 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">
              Connect your Linkvault
            </h1>
            <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">
              The address is the one you open Linkvault at. Your password is sent only there.
            </p>
            <SignInForm lastServer={status.lastServer} onSignedIn={setStatus} />
          </>
        )}
      </div>
      <Shortcuts />
    </main>
  );
}

function Account({
  status,
  onChange,
}: {
  status: Extract<Status, { signedIn: true }>;
  onChange: (s: Status) => void;
}) {
  const [syncing, setSyncing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<Status>) => {
    setError(null);
    try {
      onChange(await action());
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">Signed in</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Saving as <span className="font-medium text-slate-900 dark:text-white">{status.user.name}</span> (
          {status.user.email}) to{' '}
          <a
            href={`${status.server}/app`}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-700 hover:underline dark:text-brand-100"
          >
            {status.server}
          </a>
          .
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 rounded-xl bg-slate-50 px-4 py-3 text-sm dark:bg-slate-950">
        <span className="text-slate-700 dark:text-slate-300">
          {status.pending === 0
            ? 'Everything is synced.'
            : `${status.pending} saved offline, waiting to sync.`}
        </span>
        {status.pending > 0 && (
          <Button
            size="sm"
            variant="secondary"
            disabled={syncing}
            onClick={() => {
              setSyncing(true);
              void run(() => callBackground('syncNow')).finally(() => setSyncing(false));
            }}
          >
            Sync now
          </Button>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => void run(() => callBackground('signOut'))}
      >
        Sign out
      </Button>
    </div>
  );
}

function Shortcuts() {
  return (
    <section className="mt-8 w-full max-w-md text-sm text-slate-600 dark:text-slate-400">
      <h2 className="mb-2 font-medium text-slate-900 dark:text-white">Shortcuts</h2>
      <ul className="space-y-1.5">
        <li>
          <Key>Alt</Key>+<Key>Shift</Key>+<Key>S</Key> saves the page you are on.
        </li>
        <li>
          <Key>Alt</Key>+<Key>Shift</Key>+<Key>H</Key> highlights the selected text (so does the right-click
          menu).
        </li>
        <li>Selecting text on a page offers the highlight colours and a note.</li>
      </ul>
    </section>
  );
}

function Key({ children }: { children: string }) {
  return (
    <kbd className="mx-0.5 rounded border border-slate-300 bg-white px-1.5 py-0.5 font-sans text-xs text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
      {children}
    </kbd>
  );
}
