import type { ReactNode } from 'react';
import { useOAuthClient } from '../../api/oauth';
import { AppAvatar, UnverifiedBadge, VerifiedDomainBadge } from './AppAvatar';

export interface AppIdentity {
  name: string;
  /** The domain that vouches for the app (a metadata document's); null when nobody does. */
  domain: string | null;
}

/**
 * Who is asking: the registered client's name when the server knows the client_id, else `fallbackName`
 * (never trusted, so marked unverified), else null. Undefined while the lookup runs, so a name from the
 * address never flashes before the real one.
 */
export function useAppIdentity(
  clientId: string | null,
  fallbackName: string | null,
): AppIdentity | null | undefined {
  const client = useOAuthClient(clientId);
  if (client.data)
    return { name: client.data.name, domain: client.data.verified ? client.data.domain : null };
  if (clientId && client.isPending) return undefined;
  return fallbackName ? { name: fallbackName, domain: null } : null;
}

/** The app's initial and a heading that names it, with who vouches for it; a placeholder while looked up. */
export function AppHeading({ app, children }: { app: AppIdentity | null | undefined; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center text-center">
      {app ? (
        <AppAvatar name={app.name} size="lg" />
      ) : (
        app === undefined && (
          <span
            className="size-14 animate-pulse rounded-2xl bg-slate-100 dark:bg-slate-800"
            aria-hidden="true"
          />
        )
      )}
      <h1 className="mt-5 text-xl font-semibold tracking-tight text-balance text-slate-900 dark:text-white">
        {children}
      </h1>
      {app && (
        <p className="mt-2 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          {app.domain ? (
            <>
              <VerifiedDomainBadge domain={app.domain} />
              <span>Published at this address, checked by Linkvault.</span>
            </>
          ) : (
            <>
              <UnverifiedBadge />
              <span>Linkvault could not verify who publishes this app.</span>
            </>
          )}
        </p>
      )}
    </div>
  );
}
