import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { resumeAuthorization } from '../api/oauth';
import { useAuth } from '../auth/AuthProvider';
import { ButtonLink } from '../components/ButtonLink';
import { StatusCard } from '../components/StatusCard';
import { FlowErrorCard } from '../features/oauth/FlowErrorCard';
import { inAppConsentPath, oauthLoginPath } from '../features/oauth/flowUrls';
import { RESUME_ERRORS, resumeError } from '../features/oauth/messages';

/**
 * /oauth/resume?session= (SPEC.md §2, §4): asks the server where the signed-in user's request goes next:
 * the consent screen (kept inside the app) or, when consent is remembered, the client itself.
 */
export function OAuthResume() {
  const [params] = useSearchParams();
  const session = params.get('session');
  const { status } = useAuth();
  const error = useResume(status === 'signedIn' ? session : null);

  if (!session) return <FlowErrorCard message={RESUME_ERRORS.missingSession} />;
  if (status === 'signedOut') {
    return (
      <FlowErrorCard
        message={RESUME_ERRORS.notAuthenticated}
        action={
          <ButtonLink to={oauthLoginPath(session, null)} className="h-11 w-full">
            Sign in
          </ButtonLink>
        }
      />
    );
  }
  if (error) return <FlowErrorCard message={error} />;
  return (
    <StatusCard tone="pending" title="Resuming Authorization" footer={null}>
      <p>Checking what the app asked for…</p>
    </StatusCard>
  );
}

/** Asks once per session token and follows the answer; returns the error that stopped the flow, if any. */
function useResume(session: string | null): string | null {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // Resuming may issue an authorization code: StrictMode's second effect run must not ask again.
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!session || asked.current === session) return;
    asked.current = session;
    resumeAuthorization(session).then(
      ({ redirect_url: url }) => {
        if (!url) return setError(RESUME_ERRORS.noRedirect);
        const consent = inAppConsentPath(url);
        if (consent) void navigate(consent, { replace: true });
        else window.location.assign(url);
      },
      (err: unknown) => {
        console.error('Resuming the authorization failed', err);
        setError(resumeError(err));
      },
    );
  }, [session, navigate]);

  return error;
}
