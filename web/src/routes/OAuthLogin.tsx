import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../api/client';
import { attachRequestToUser } from '../api/oauth';
import { useAuth } from '../auth/AuthProvider';
import { CardPage } from '../components/CardPage';
import { StatusCard } from '../components/StatusCard';
import { Alert } from '../../../ui/components/controls';
import { LoginForm } from '../features/auth/LoginForm';
import { AppHeading, useAppIdentity } from '../features/oauth/AppHeading';
import { ContinueAs } from '../features/oauth/ContinueAs';
import { FlowErrorCard } from '../features/oauth/FlowErrorCard';
import { resumePath } from '../features/oauth/flowUrls';
import { LOGIN_ERRORS, signInError } from '../features/oauth/messages';

/**
 * /oauth/login?session=&client_id= (SPEC.md §2, §4): where the server sends a person an app wants to
 * connect. After signing in, the request is tied to the user (a failure there is only logged: resume
 * reports anything that really went wrong) and the flow resumes.
 */
export function OAuthLogin() {
  const [params] = useSearchParams();
  const session = params.get('session');
  const clientId = params.get('client_id');
  const auth = useAuth();
  const navigate = useNavigate();
  const app = useAppIdentity(clientId, null);
  const [email, setEmail] = useState('');
  // Chosen once the session is known: someone signed in picks an account, anyone else signs in. The form
  // stays while its own sign-in flips the state, until the flow moves on.
  const [mode, setMode] = useState<'choose' | 'form' | null>(null);
  if (mode === null && auth.status !== 'loading') setMode(auth.status === 'signedIn' ? 'choose' : 'form');

  if (session === null) return <FlowErrorCard message={LOGIN_ERRORS.missingSessionParameter} />;
  if (!session.trim()) return <FlowErrorCard message={LOGIN_ERRORS.missingSessionToken} />;
  if (mode === null) return <StatusCard tone="pending" title="Signing in" footer={null} />;

  async function continueFlow(sessionToken: string) {
    const userId = api.current?.user.id;
    if (userId) {
      await attachRequestToUser(sessionToken, userId).catch((error: unknown) => {
        console.error('Could not attach the authorization request to the signed-in user', error);
      });
    }
    await navigate(resumePath(sessionToken));
  }

  const appName = app?.name ?? 'An app';
  return (
    <CardPage title="Sign in">
      <AppHeading app={app}>{mode === 'choose' ? `Connect ${appName}` : 'Sign in to Linkvault'}</AppHeading>
      <p className="mt-2 text-center text-sm text-slate-600 dark:text-slate-400">
        {appName} wants to connect to your Linkvault. You will see what it can access before anything is
        shared.
      </p>
      <div className="mt-8 space-y-5">
        {params.get('error') === 'authentication_required' && mode === 'form' && (
          <Alert tone="info">Your session has ended. Sign in again to continue.</Alert>
        )}
        {mode === 'choose' && auth.user ? (
          <ContinueAs
            user={auth.user}
            onContinue={() => continueFlow(session)}
            onUseAnotherAccount={async () => {
              await auth.logout().catch(() => undefined);
              setMode('form');
            }}
          />
        ) : (
          <LoginForm
            email={email}
            onEmailChange={setEmail}
            autoFocus
            describeError={signInError}
            onSignedIn={() => continueFlow(session)}
          />
        )}
      </div>
    </CardPage>
  );
}
