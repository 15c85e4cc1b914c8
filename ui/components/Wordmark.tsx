/**
 * The Linkvault logo mark and name. Purely visual (no link of its own) so each screen can wrap it in the
 * link that fits there; the mark is the favicon's shape so the tab and the page match.
 */
export function Wordmark({ className = '', size = 'md' }: { className?: string; size?: 'sm' | 'md' }) {
  const mark = size === 'sm' ? 'size-6 rounded-md' : 'size-8 rounded-lg';
  const text = size === 'sm' ? 'text-base' : 'text-lg';
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <span className={`grid shrink-0 place-items-center bg-brand-600 shadow-sm shadow-brand-600/30 ${mark}`}>
        <svg viewBox="0 0 32 32" className="size-full" aria-hidden="true">
          <path d="M10 8h4v13h8v3H10z" fill="#fff" />
        </svg>
      </span>
      <span className={`font-semibold tracking-tight text-slate-900 dark:text-white ${text}`}>Linkvault</span>
    </span>
  );
}
