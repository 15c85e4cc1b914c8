import { Spinner } from '../../../ui/components/Spinner';
import { SlidersIcon } from '../../../ui/components/icons';
import { Wordmark } from '../../../ui/components/Wordmark';
import { callBackground } from '../shared/messages.js';
import { SignInForm } from '../ui/SignInForm';
import { useStatus } from '../ui/useStatus';
import { SavePanel } from './SavePanel';

/**
 * The toolbar popup (and the Alt+Shift+S shortcut): opening it saves the current tab, one click in all.
 * Signed out, it asks for the Linkvault address and account first.
 */
export function Popup() {
  const [status, setStatus] = useStatus();
  return (
    <div className="flex min-h-40 flex-col">
      <header className="flex h-12 items-center justify-between border-b border-slate-200 px-4 dark:border-slate-800">
        <Wordmark size="sm" />
        <button
          type="button"
          onClick={() => void callBackground('openOptions').then(() => window.close())}
          aria-label="Extension settings"
          title="Extension settings"
          className="-mr-1.5 grid size-8 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <SlidersIcon />
        </button>
      </header>
      {status === null ? (
        <div className="grid flex-1 place-items-center py-10">
          <Spinner label="Loading" />
        </div>
      ) : status.signedIn ? (
        <SavePanel status={status} />
      ) : (
        <main className="p-4">
          <h1 className="mb-1 text-base font-semibold text-slate-900 dark:text-white">
            Connect your Linkvault
          </h1>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
            Sign in once; then one click saves the page you are on.
          </p>
          <SignInForm lastServer={status.lastServer} onSignedIn={setStatus} />
        </main>
      )}
    </div>
  );
}
