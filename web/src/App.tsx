import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense, lazy, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useLiveEvents } from './api/events';
import { useAuth } from './auth/AuthProvider';
import { Spinner } from '../../ui/components/Spinner';

/** Screens load on demand: a signed-in person never downloads the marketing page, nor a visitor the dashboard. */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const AdminPage = page(() => import('./routes/AdminPage'), 'AdminPage');
const AuthPage = page(() => import('./routes/AuthPage'), 'AuthPage');
const CapturePage = page(() => import('./routes/CapturePage'), 'CapturePage');
const Callback = page(() => import('./routes/Callback'), 'Callback');
const loadDashboard = () => import('./routes/Dashboard');
const Dashboard = page(loadDashboard, 'Dashboard');
const InsightsPage = page(() => import('./routes/InsightsPage'), 'InsightsPage');
const InvitePage = page(() => import('./routes/InvitePage'), 'InvitePage');
const Landing = page(() => import('./routes/Landing'), 'Landing');
const OAuthConsent = page(() => import('./routes/OAuthConsent'), 'OAuthConsent');
const OAuthLogin = page(() => import('./routes/OAuthLogin'), 'OAuthLogin');
const OAuthResume = page(() => import('./routes/OAuthResume'), 'OAuthResume');
const Privacy = page(() => import('./routes/Legal'), 'Privacy');
const Terms = page(() => import('./routes/Legal'), 'Terms');
const ReaderPage = page(() => import('./routes/ReaderPage'), 'ReaderPage');
const ResetPasswordPage = page(() => import('./routes/ResetPasswordPage'), 'ResetPasswordPage');
const SearchPage = page(() => import('./routes/SearchPage'), 'SearchPage');
const SettingsPage = page(() => import('./routes/SettingsPage'), 'SettingsPage');
const TagsPage = page(() => import('./routes/TagsPage'), 'TagsPage');
const SharePage = page(() => import('./routes/SharePage'), 'SharePage');
const BookmarkletSavePage = page(() => import('./routes/SharePage'), 'BookmarkletSavePage');

/**
 * SPEC.md §2: routing by sign-in state. /callback, /reset and the pages of an authorization flow
 * (/oauth/*) are served in every state, even while the session is loading: each one handles the state
 * itself. An invite (/invite) is for someone signed out: anyone signed in goes to their dashboard.
 */
export function App() {
  const { status, user } = useAuth();
  useLiveEvents(status === 'signedIn' ? (user?.id ?? null) : null);
  // Most loads are returning users: fetch the dashboard while the session refresh is still in flight.
  if (status === 'loading') void loadDashboard();
  usePrefetchDashboardOnSignIn(status === 'signedIn');
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="/callback" element={<Callback />} />
        {/* An admin's reset link may be opened in a browser signed in as anyone, or as no one. */}
        <Route path="/reset" element={<ResetPasswordPage />} />
        <Route path="/oauth/login" element={<OAuthLogin />} />
        <Route path="/oauth/resume" element={<OAuthResume />} />
        <Route path="/oauth/consent" element={<OAuthConsent />} />
        {/* Pages sent from elsewhere (share sheet, Shortcut, bookmarklet) sign the person in themselves. */}
        <Route path="/share" element={<SharePage />} />
        <Route path="/save" element={<BookmarkletSavePage />} />
        {status === 'loading' && <Route path="*" element={<FullPageSpinner />} />}
        {status === 'signedOut' && (
          <>
            <Route path="/" element={<Landing />} />
            <Route path="/privacy" element={<Privacy />} />
            <Route path="/terms" element={<Terms />} />
            <Route path="/app" element={<AuthPage />} />
            <Route path="/invite" element={<InvitePage />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </>
        )}
        {status === 'signedIn' && (
          <>
            <Route path="/" element={<Navigate to="/app" replace />} />
            <Route path="/app" element={<Dashboard />} />
            <Route path="/app/search" element={<SearchPage />} />
            <Route path="/app/read/:id" element={<ReaderPage />} />
            <Route path="/app/settings" element={<SettingsPage />} />
            <Route path="/app/admin" element={<AdminPage />} />
            <Route path="/app/tags" element={<TagsPage />} />
            <Route path="/app/insights" element={<InsightsPage />} />
            <Route path="/app/capture" element={<CapturePage />} />
            <Route path="*" element={<Navigate to="/app" replace />} />
          </>
        )}
      </Routes>
    </Suspense>
  );
}

/**
 * The first-view budget (BENCHMARKS.md): the dashboard's list, folders and counts are requested the moment the
 * session is known, not after the dashboard's chunk has run and rendered (about 300 ms later on a cold load).
 */
function usePrefetchDashboardOnSignIn(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || window.location.pathname !== '/app') return;
    void loadDashboard().then((module) => module.prefetchDashboard(queryClient, window.location.search));
  }, [signedIn, queryClient]);
}

function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center" aria-busy="true">
      <Spinner label="Loading your vault" />
    </div>
  );
}
