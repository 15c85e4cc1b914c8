import { Navigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { SubPageLayout } from '../components/SubPageLayout';
import { Invites } from '../features/admin/Invites';
import { SignupsSetting } from '../features/admin/SignupsSetting';
import { UsersList } from '../features/admin/UsersList';
import { SettingsSection } from '../features/settings/SettingsSection';

/**
 * /app/admin: the accounts of this server and who may join it (API.md "Accounts, tokens and
 * administration"). Admins only: anyone else is sent to the dashboard, and the API refuses them anyway.
 */
export function AdminPage() {
  const auth = useAuth();
  if (auth.user?.role !== 'admin') return <Navigate to="/app" replace />;
  return (
    <SubPageLayout title="Admin" intro="The people who use this Linkvault server, and who may join it.">
      <SettingsSection
        id="users"
        title="Users"
        description="Each person’s library is their own: an admin sees how much they saved, never what."
      >
        <UsersList />
      </SettingsSection>

      <SettingsSection id="sign-ups" title="Sign-ups" description="Who can create an account on this server.">
        <SignupsSetting />
      </SettingsSection>

      <SettingsSection
        id="invites"
        title="Invites"
        description="A link that lets one person create an account. It works once, and only for a few days."
      >
        <Invites />
      </SettingsSection>
    </SubPageLayout>
  );
}
