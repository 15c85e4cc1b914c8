import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { StatusCard } from '../components/StatusCard';
import { CopyCodeButton } from '../features/auth/CopyCodeButton';

/**
 * SPEC.md §2 and §8, /callback (served in every sign-in state): where an OAuth client that redirects to
 * this app lands. Shows the code to copy, the error, or that the address carried neither.
 */
export function Callback() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  const description = params.get('error_description');
  const notified = useNotifyOpener(error ? null : code, state);

  if (error) {
    return (
      <StatusCard tone="error" title="Authorization Failed">
        <p className="font-mono text-sm font-medium break-words text-red-700 dark:text-red-300">{error}</p>
        {description && <p className="mt-2 break-words">{description}</p>}
      </StatusCard>
    );
  }
  if (!code) {
    return (
      <StatusCard tone="warning" title="Invalid Callback">
        <p>No authorization code was provided</p>
      </StatusCard>
    );
  }
  return <CodeView code={code} notified={notified} />;
}

function CodeView({ code, notified }: { code: string; notified: boolean }) {
  const codeRef = useRef<HTMLElement>(null);
  return (
    <StatusCard tone="success" title="Authorization Successful">
      <p>
        {notified
          ? 'The code has been passed to the window that started the sign-in. If it does not continue on its own, copy the code below.'
          : 'Copy this code and paste it into the application that asked for access.'}
      </p>
      <div className="mt-6 text-left">
        <p id="auth-code-label" className="mb-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
          Authorization code
        </p>
        <code
          ref={codeRef}
          aria-labelledby="auth-code-label"
          className="block rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 font-mono text-sm break-all text-slate-900 select-all dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        >
          {code}
        </code>
      </div>
      <div className="mt-4">
        {/* If the browser refuses to copy, select the code so Ctrl+C or the context menu can. */}
        <CopyCodeButton code={code} onCopyFailed={() => selectContents(codeRef.current)} />
      </div>
    </StatusCard>
  );
}

/**
 * SPEC.md §2: post {type: 'oauth_callback', code, state} to the window that opened this one, with the
 * target origin pinned to our own so the code never reaches a page of another origin. The ref keeps
 * StrictMode's second effect run from posting twice (a code can be exchanged only once). Returns whether
 * there was an opener to tell.
 */
function useNotifyOpener(code: string | null, state: string | null): boolean {
  const posted = useRef(false);
  const [hasOpener] = useState(() => Boolean(window.opener));
  useEffect(() => {
    if (posted.current || !code || !hasOpener) return;
    posted.current = true;
    (window.opener as Window).postMessage({ type: 'oauth_callback', code, state }, window.location.origin);
  }, [code, state, hasOpener]);
  return hasOpener && code !== null;
}

function selectContents(node: HTMLElement | null) {
  if (!node) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}
