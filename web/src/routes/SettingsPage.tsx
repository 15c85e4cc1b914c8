import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { Button } from '../components/ui';
import { ReadOnlyField } from '../features/capture/ReadOnlyField';
import { ConnectedApps } from '../features/settings/ConnectedApps';
import { SettingsSection } from '../features/settings/SettingsSection';
import { ArrowLeftIcon } from '../features/search/icons';

/**
 * /app/settings: the account and what it has let in. Each concern is one SettingsSection; a new one (such
 * as saving from other places) is one more entry below.
 */
export function SettingsPage() {
  const auth = useAuth();
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <title>Settings · Linkvault</title>
      <header className="sticky top-0 z-20 border-b border-slate-200/80 bg-white/90 backdrop-blur-md dark:border-slate-800 dark:bg-slate-950/85">
        <div className="mx-auto flex h-12 max-w-3xl items-center px-4 sm:px-6">
          <RouterLink
            to="/app"
            className="-ml-2 inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <ArrowLeftIcon />
            Back to dashboard
          </RouterLink>
        </div>
      </header>

      <main className="mx-auto max-w-3xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Settings</h1>
        <div className="mt-10 space-y-14">
          <SettingsSection id="account" title="Account" description="The account you are signed in with.">
            {auth.user && (
              <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900 dark:text-white">{auth.user.name}</p>
                  <p className="truncate text-sm text-slate-500 dark:text-slate-400">{auth.user.email}</p>
                </div>
                <Button variant="secondary" size="sm" onClick={() => void auth.logout()}>
                  Log out
                </Button>
              </div>
            )}
          </SettingsSection>

          <SettingsSection
            id="connected-apps"
            title="Connected apps"
            description="AI assistants such as Claude or ChatGPT can read your folders and links once you allow them. They can never add, change or delete anything."
          >
            <div className="space-y-6">
              {/* The assistant finds the sign-in and consent pages from its MCP address by itself. */}
              <ReadOnlyField label="Address to give your assistant" value={`${window.location.origin}/mcp`} />
              <ConnectedApps />
            </div>
          </SettingsSection>
        </div>
      </main>
    </div>
  );
}
