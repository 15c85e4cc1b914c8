import { useState } from 'react';
import { SIGNIN_ERROR_COOKIE, routes } from '../../../../contracts/index.js';
import { Alert } from '../../../../ui/components/controls';
import { KeyIcon } from '../../../../ui/components/icons';
import { api } from '../../api/client';
import { buttonLinkClass } from '../../components/ButtonLink';
import { serverMessage } from './authErrors';

/**
 * Why the last sign-in through the provider was refused, once: the server's callback can only redirect
 * here, so it leaves the reason in a short-lived cookie (contracts SIGNIN_ERROR_COOKIE), read and dropped.
 */
function takeSignInError(): string | null {
  const prefix = `${SIGNIN_ERROR_COOKIE}=`;
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  if (!cookie) return null;
  document.cookie = `${SIGNIN_ERROR_COOKIE}=; path=/; max-age=0`;
  return decodeURIComponent(cookie.slice(prefix.length));
}

/**
 * Sign-in through the server's OpenID provider (/api/auth/oidc/start): the whole page goes to the
 * provider and comes back. A plain link; with an invite, a button that hands the invite over in a
 * request's body (a URL's query would leave the secret in proxies' logs and the browser's history) and
 * then goes where the server says. `divider`: a password form follows.
 */
export function SingleSignOn({ invite, divider }: { invite?: string; divider: boolean }) {
  const [error, setError] = useState(takeSignInError);
  const [leaving, setLeaving] = useState(false);
  const look = `${buttonLinkClass('secondary')} w-full`;
  const label = (
    <>
      <KeyIcon />
      Sign in with single sign-on
    </>
  );
  const startWithInvite = async (secret: string) => {
    setLeaving(true);
    try {
      const { url } = await api.call(routes.startSingleSignOn, { body: { invite: secret } });
      window.location.assign(url);
    } catch (err) {
      setLeaving(false);
      setError(serverMessage(err) ?? 'Single sign-on could not start. Please try again.');
    }
  };
  return (
    <div className="mb-5 space-y-5">
      {error && <Alert>{error}</Alert>}
      {invite ? (
        <button
          type="button"
          className={look}
          disabled={leaving}
          onClick={() => void startWithInvite(invite)}
        >
          {label}
        </button>
      ) : (
        <a href="/api/auth/oidc/start" className={look}>
          {label}
        </a>
      )}
      {divider && (
        <div
          className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400"
          aria-hidden="true"
        >
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          or with your e-mail
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        </div>
      )}
    </div>
  );
}
