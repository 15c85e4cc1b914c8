import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { Button } from '../../../ui/components/controls';
import { ReadOnlyField } from '../features/capture/ReadOnlyField';
import { ImportExportSection } from '../features/imports/ImportExportSection';
import { ConnectedApps } from '../features/settings/ConnectedApps';
import { SubPageLayout } from '../components/SubPageLayout';
import { SettingsSection } from '../features/settings/SettingsSection';

/**
 * /app/settings: the account and what it has let in. Each concern is one SettingsSection; a new one (such
 * as saving from other places) is one more entry below.
 */
export function SettingsPage() {
  const auth = useAuth();
  useScrollToSection();
  return (
    <SubPageLayout title="Settings">
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

      <ImportExportSection />

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
    </SubPageLayout>
  );
}

/**
 * /app/settings#import and the like: the browser cannot jump to a section that was not rendered yet when
 * the address changed (a link from the dashboard, or a first load), so the jump is made here.
 */
function useScrollToSection() {
  const { hash } = useLocation();
  useEffect(() => {
    // The sections' ids are plain words: a hash that is not one (#%, which no decoding survives) finds none.
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
}
