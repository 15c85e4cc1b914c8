import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { ReadOnlyField } from '../features/capture/ReadOnlyField';
import { ImportExportSection } from '../features/imports/ImportExportSection';
import { ConnectedApps } from '../features/settings/ConnectedApps';
import { SubPageLayout } from '../components/SubPageLayout';
import { SettingsSection } from '../features/settings/SettingsSection';
import { SettingsPart } from '../features/settings/SettingsPart';
import { ProfileForm } from '../features/settings/ProfileForm';
import { PasswordForm } from '../features/settings/PasswordForm';
import { SessionsList } from '../features/settings/SessionsList';
import { DeleteAccount } from '../features/settings/DeleteAccount';
import { ApiTokens } from '../features/settings/ApiTokens';

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
          <div className="space-y-10">
            <SettingsPart title="Profile">
              <ProfileForm key={auth.user.id} user={auth.user} />
            </SettingsPart>
            <SettingsPart title="Password" description="Changing it signs you out everywhere else.">
              <PasswordForm />
            </SettingsPart>
            <SettingsPart
              title="Signed-in sessions"
              description="The browsers and devices signed in to your account."
            >
              <SessionsList />
            </SettingsPart>
          </div>
        )}
      </SettingsSection>

      <SettingsSection
        id="api-tokens"
        title="API tokens"
        description="Let your own scripts and tools use your library. A token works on your links, folders and snippets, never on your account."
      >
        <ApiTokens />
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

      <SettingsSection
        id="delete-account"
        title="Delete account"
        description="Leave Linkvault and take nothing of yours behind."
      >
        <DeleteAccount />
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
