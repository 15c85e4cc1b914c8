import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type Session, type User, routes } from '../../../contracts/index.js';
import { api } from '../api/client';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  login(email: string, password: string): Promise<void>;
  /** `invite`: the secret of an invite link, needed while sign-ups are by invite. */
  signup(name: string, email: string, password: string, invite?: string): Promise<void>;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** SPEC.md §4 and §9: a 30-second tick; refresh starts 3 ticks before the access token expires. */
const TICK_MS = 30_000;
const REFRESH_MARGIN_MS = 3 * TICK_MS;

/**
 * `sessionAtStart` is the page's first refresh, started before React renders (main.tsx) so that a returning
 * user's session, and the requests waiting on it, come back sooner.
 */
export function AuthProvider({
  sessionAtStart,
  children,
}: {
  sessionAtStart: Promise<Session | null>;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');

  useEffect(() => {
    const apply = (next: Session | null) => {
      setSession((previous) => {
        // SPEC.md §4: when the user changes, data is cleared (and reloaded by the screens that need it).
        if (previous?.user.id !== next?.user.id) queryClient.clear();
        return next;
      });
      setStatus(next ? 'signedIn' : 'signedOut');
    };
    const unsubscribe = api.onSessionChange(apply);
    // The first refresh may have ended before this listener existed: take its answer unless a newer one came.
    void sessionAtStart.then((first) => {
      if (api.current === first) apply(first);
    });
    return () => {
      unsubscribe();
    };
  }, [queryClient, sessionAtStart]);

  useEffect(() => {
    if (!session) return;
    const timer = setInterval(() => {
      if (session.expires_at * 1000 - Date.now() < REFRESH_MARGIN_MS) void api.refresh();
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [session]);

  const login = useCallback(async (email: string, password: string) => {
    api.setSession(await api.call(routes.login, { body: { email, password } }));
  }, []);

  const signup = useCallback(async (name: string, email: string, password: string, invite?: string) => {
    api.setSession(
      await api.call(routes.signup, { body: { name, email, password, ...(invite && { invite }) } }),
    );
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.call(routes.logout, { body: {} });
    } finally {
      api.setSession(null);
    }
  }, []);

  const value = useMemo(
    () => ({ status, user: session?.user ?? null, login, signup, logout }),
    [status, session, login, signup, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
