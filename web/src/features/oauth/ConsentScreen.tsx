import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { sendConsentDecision } from '../../api/oauth';
import { useAuth } from '../../auth/AuthProvider';
import { CardPage } from '../../components/CardPage';
import { Spinner } from '../../../../ui/components/Spinner';
import { Alert, Button } from '../../../../ui/components/controls';
import { ShieldCheckIcon } from '../../../../ui/components/icons';
import { AppHeading, useAppIdentity } from './AppHeading';
import type { ConsentRequest } from './consentRequest';
import { oauthLoginPath } from './flowUrls';
import { CONSENT_ERRORS, consentError } from './messages';
import { ScopeList } from './ScopeList';

type Decision = 'approve' | 'deny';

/**
 * The approval screen (SPEC.md §2 /oauth/consent): who asks, for what, where the answer goes, and Deny or
 * Authorize, remembering the choice unless unticked. The server's answer is the client's address, left
 * by a full page navigation (SPEC.md §4).
 */
export function ConsentScreen({ request }: { request: ConsentRequest }) {
  const { user } = useAuth();
  const app = useAppIdentity(request.clientId, request.appName);
  const appName = app?.name ?? 'This app';
  const rememberId = useId();
  const [remember, setRemember] = useState(true);
  const [pending, setPending] = useState<Decision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const signInAgain = oauthLoginPath(request.sessionToken, request.clientId, 'authentication_required');

  async function decide(action: Decision) {
    setError(null);
    const session = api.current;
    if (!session) return setError(CONSENT_ERRORS.noSession);
    if (!session.access_token) return setError(CONSENT_ERRORS.noAccessToken);
    setPending(action);
    try {
      const { redirect_url: url } = await sendConsentDecision({
        action,
        client_id: request.clientId,
        redirect_uri: request.redirectUri,
        response_type: request.responseType,
        code_challenge: request.codeChallenge,
        code_challenge_method: request.codeChallengeMethod,
        scopes: request.scopes,
        user_id: session.user.id,
        remember_consent: remember,
        state: request.state,
        session_token: request.sessionToken,
      });
      if (url) {
        // The page is leaving for the client: the buttons stay disabled until it has gone.
        window.location.assign(url);
        return;
      }
      setError(CONSENT_ERRORS.noRedirect);
    } catch (err) {
      console.error('The authorization decision failed', err);
      setError(consentError(err));
    }
    setPending(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void decide('approve');
  }

  const sessionLost = error === CONSENT_ERRORS.noUser || error === CONSENT_ERRORS.noSession;
  return (
    <CardPage title={`Authorize ${appName}`}>
      <AppHeading app={app}>
        {app ? `${app.name} wants to access your Linkvault` : 'An app wants to access your Linkvault'}
      </AppHeading>
      {user && (
        <p className="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">
          Signed in as <span className="font-medium text-slate-900 dark:text-white">{user.email}</span>.{' '}
          <Link
            to={oauthLoginPath(request.sessionToken, request.clientId)}
            className="rounded-sm font-medium text-brand-600 hover:text-brand-700 dark:text-indigo-300 dark:hover:text-indigo-200"
          >
            Not you?
          </Link>
        </p>
      )}

      {/* Where the answer goes is the one thing no client can fake, so it comes first. */}
      <p className="mt-6 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-center text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400">
        You will then be sent to{' '}
        <span className="text-base font-semibold break-words text-slate-900 dark:text-white">
          {hostOf(request.redirectUri)}
        </span>
        <span className="mt-1 block font-mono text-xs break-all text-slate-500 dark:text-slate-400">
          {request.redirectUri}
        </span>
      </p>

      <form onSubmit={submit} aria-label={`Authorize ${appName}`} className="mt-6 space-y-6">
        <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <ScopeList scopes={request.scopes} appName={appName} />
          <p className="mt-4 flex gap-2 border-t border-slate-100 pt-3 text-xs leading-5 text-slate-500 dark:border-slate-800 dark:text-slate-400">
            <ShieldCheckIcon className="mt-0.5 size-4 text-slate-400 dark:text-slate-500" />
            <span>
              Read-only: it cannot add, change or delete anything. You can revoke access at any time in
              Settings.
            </span>
          </p>
        </div>

        <div className="flex gap-3">
          <input
            id={rememberId}
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
            aria-describedby={`${rememberId}-hint`}
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600 dark:border-slate-600"
          />
          <div className="text-sm">
            <label htmlFor={rememberId} className="font-medium text-slate-900 dark:text-white">
              Remember my choice
            </label>
            <p id={`${rememberId}-hint`} className="text-slate-500 dark:text-slate-400">
              Don’t ask again when {appName} asks for the same access.
            </p>
          </div>
        </div>

        {error && (
          <Alert>
            {error}
            {sessionLost && (
              <>
                {' '}
                <Link to={signInAgain} className="font-semibold underline underline-offset-2">
                  Sign in again
                </Link>
              </>
            )}
          </Alert>
        )}

        <div className="grid grid-cols-2 gap-3">
          <Button
            variant="secondary"
            className="h-11"
            disabled={pending !== null}
            onClick={() => void decide('deny')}
          >
            {pending === 'deny' ? <Spinner label="Denying" className="size-4" /> : 'Deny'}
          </Button>
          <Button type="submit" className="h-11" disabled={pending !== null}>
            {pending === 'approve' ? (
              <Spinner label="Authorizing" className="size-4 text-white" />
            ) : (
              'Authorize'
            )}
          </Button>
        </div>
      </form>
    </CardPage>
  );
}

/** The host (and port) of the redirect, the part a person can judge; the whole address when unparsable. */
function hostOf(uri: string): string {
  try {
    return new URL(uri).host || uri;
  } catch {
    return uri;
  }
}
