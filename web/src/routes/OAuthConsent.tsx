import { useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { StatusCard } from '../components/StatusCard';
import { ConsentScreen } from '../features/oauth/ConsentScreen';
import { readConsentRequest } from '../features/oauth/consentRequest';
import { FlowErrorCard } from '../features/oauth/FlowErrorCard';
import { oauthLoginPath } from '../features/oauth/flowUrls';
import { CONSENT_ERRORS } from '../features/oauth/messages';

/**
 * /oauth/consent (SPEC.md §2, §4, §5). A malformed request is refused before anything else. Someone who
 * arrives signed out is sent to sign in, keeping the request's session. Once the screen has been shown, a
 * sign-in that ends meanwhile is reported when they decide, rather than whisking the screen away.
 */
export function OAuthConsent() {
  const [params] = useSearchParams();
  const request = useMemo(() => readConsentRequest(params), [params]);
  const { status } = useAuth();
  const [shown, setShown] = useState(false);
  if (status === 'signedIn' && !shown) setShown(true);

  if (!request) {
    return (
      <FlowErrorCard title={CONSENT_ERRORS.invalidRequestTitle} message={CONSENT_ERRORS.missingParameters} />
    );
  }
  if (status === 'signedOut' && !shown) {
    return (
      <Navigate
        replace
        to={oauthLoginPath(request.sessionToken, request.clientId, 'authentication_required')}
      />
    );
  }
  if (status === 'loading') return <StatusCard tone="pending" title="Loading" footer={null} />;
  return <ConsentScreen request={request} />;
}
