import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Link } from '../../../contracts/index.js';
import { useAuth } from '../auth/AuthProvider';
import { ButtonLink } from '../components/ButtonLink';
import { CardPage } from '../components/CardPage';
import { StatusCard } from '../components/StatusCard';
import { Button } from '../../../ui/components/controls';
import { LoginForm } from '../features/auth/LoginForm';
import { readSharedPage } from '../features/capture/sharedPage';
import { useSaveSharedPage } from '../features/capture/useSaveSharedPage';
import { formatDate } from '../../../ui/lib/dates';
import { hostOf } from '../../../ui/lib/format';
import { linkHref } from '../../../ui/lib/linkHref';

/** How long the bookmarklet's window stays open after a save, so the person sees it worked. */
const CLOSE_AFTER_MS = 1500;

/**
 * Saves a page sent from elsewhere, with the person's own Linkvault session (served in every sign-in state,
 * asking to sign in first when needed), once the person clicks "Save to Linkvault": any site can open these
 * addresses, and the session comes back by itself, so nothing is saved on opening them. The button has the
 * focus, so saving stays one tap or Enter:
 * - /share?title=&text=&url= : the installed app's Web Share Target ("Share -> Linkvault" on Android), and
 *   the address an iOS Shortcut opens;
 * - /save#url=&title=&text= : the bookmarklet's small window. Its fields travel in the fragment, which the
 *   browser never sends to the server, so visited addresses and selections stay out of request logs.
 */
export const SharePage = () => <SaveSharedPage from="share" />;
export const BookmarkletSavePage = () => <SaveSharedPage from="bookmarklet" />;

function SaveSharedPage({ from }: { from: 'share' | 'bookmarklet' }) {
  const { status } = useAuth();
  const location = useLocation();
  const page = useMemo(
    () =>
      readSharedPage(
        new URLSearchParams(from === 'bookmarklet' ? location.hash.slice(1) : location.search),
        from,
      ),
    [from, location.hash, location.search],
  );
  const { saving, save, retry } = useSaveSharedPage(page, status === 'signedIn');
  const [email, setEmail] = useState('');

  useEffect(() => {
    // Only a window a script opened (the bookmarklet's) may close itself; elsewhere this does nothing.
    if (from === 'bookmarklet' && (saving.state === 'saved' || saving.state === 'already')) {
      const timer = setTimeout(() => window.close(), CLOSE_AFTER_MS);
      return () => clearTimeout(timer);
    }
  }, [from, saving.state]);

  if (!page) {
    return (
      <StatusCard tone="error" title="Nothing to save">
        No web address came with this. Share a page (an http or https link) to save it.
      </StatusCard>
    );
  }
  if (status === 'signedOut') {
    return (
      <CardPage title="Sign in to save">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">
          Sign in to save
        </h1>
        <p className="mt-1 mb-6 truncate text-sm text-slate-600 dark:text-slate-400" title={page.url}>
          {page.title ?? hostOf(page.url)}
        </p>
        <LoginForm email={email} onEmailChange={setEmail} autoFocus />
      </CardPage>
    );
  }
  if (status === 'loading' || saving.state === 'checking' || saving.state === 'saving') {
    return (
      <StatusCard
        tone="pending"
        title={saving.state === 'saving' ? 'Saving…' : 'Just a moment…'}
        footer={null}
      >
        {page.title ?? hostOf(page.url)}
      </StatusCard>
    );
  }
  if (saving.state === 'ready') {
    const { existing } = saving;
    const title = existing ? 'Already in your vault' : 'Save this page?';
    return (
      <CardPage title={title}>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        <p className="mt-4 font-medium break-words text-slate-900 dark:text-white">
          {existing?.title ?? page.title ?? hostOf(page.url)}
        </p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400" title={page.url}>
          {page.url}
        </p>
        {existing && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Saved {formatDate(existing.createdAt)}
          </p>
        )}
        {page.text && (
          <figure className="mt-4">
            <figcaption className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {existing ? 'Saves this text as a snippet' : 'Also saves this text as a snippet'}
            </figcaption>
            <blockquote className="mt-1.5 line-clamp-6 border-l-2 border-brand-500 pl-3 text-sm leading-6 whitespace-pre-line text-slate-700 dark:text-slate-300">
              {page.text}
            </blockquote>
          </figure>
        )}
        {existing ? (
          <AlreadySavedActions existing={existing} withText={Boolean(page.text)} save={save} />
        ) : (
          <Button className="mt-6 w-full" autoFocus onClick={() => save()}>
            Save to Linkvault
          </Button>
        )}
      </CardPage>
    );
  }
  if (saving.state === 'failed') {
    return (
      <StatusCard tone="error" title="Not saved">
        <p>{saving.message}</p>
        <Button className="mt-5" onClick={retry}>
          Try again
        </Button>
      </StatusCard>
    );
  }
  return (
    <StatusCard
      tone="success"
      title={saving.state === 'already' ? 'Already in your vault' : 'Saved to Linkvault'}
      footer={<OpenInLinkvault link={saving.link} className="mt-6" />}
    >
      <p className="font-medium text-slate-900 dark:text-white">{saving.link.title}</p>
      <p className="truncate">{hostOf(saving.link.url)}</p>
      {saving.snippetSaved && <p className="mt-3">The selected text is saved as a snippet.</p>}
    </StatusCard>
  );
}

/**
 * A page saved before: open it, or save it again all the same. With text shared along, the natural step
 * is keeping that text as a snippet of the saved link, so that comes first.
 */
function AlreadySavedActions({
  existing,
  withText,
  save,
}: {
  existing: Link;
  withText: boolean;
  save: (options?: { copy?: boolean }) => void;
}) {
  const saveAnyway = (
    <Button variant="secondary" className="w-full" onClick={() => save({ copy: true })}>
      Save anyway
    </Button>
  );
  if (!withText) {
    return (
      <div className="mt-6 space-y-2">
        <ButtonLink to={linkHref(existing.id)} className="w-full" autoFocus>
          Open in Linkvault
        </ButtonLink>
        {saveAnyway}
      </div>
    );
  }
  return (
    <div className="mt-6 space-y-2">
      <Button className="w-full" autoFocus onClick={() => save()}>
        Save the snippet
      </Button>
      <div className="grid grid-cols-2 gap-2">
        <ButtonLink to={linkHref(existing.id)} variant="secondary">
          Open in Linkvault
        </ButtonLink>
        {saveAnyway}
      </div>
    </div>
  );
}

function OpenInLinkvault({ link, className }: { link: Link; className: string }) {
  return (
    <RouterLink
      to={linkHref(link.id)}
      className={`rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white ${className}`}
    >
      Open in Linkvault
    </RouterLink>
  );
}
