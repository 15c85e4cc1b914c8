import { useState } from 'react';
import { SIGNIN_ERROR_COOKIE } from '../../../../contracts/index.js';
import { Alert } from '../../../../ui/components/controls';
import { KeyIcon } from '../../../../ui/components/icons';
import { buttonLinkClass } from '../../components/ButtonLink';

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
 * Sign-in through the server's OpenID provider (GET /api/auth/oidc/start): a plain link, since the whole
 * page goes to the provider and comes back. With an invite, the account it may make uses the invite.
 * `divider`: a password form follows, set apart by "or".
 */
export function SingleSignOn({ invite, divider }: { invite?: string; divider: boolean }) {
  const [error] = useState(takeSignInError);
  const start = `/api/auth/oidc/start${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`;
  return (
    <div className="mb-5 space-y-5">
      {error && <Alert>{error}</Alert>}
      <a href={start} className={`${buttonLinkClass('secondary')} w-full`}>
        <KeyIcon />
        Sign in with single sign-on
      </a>
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
