import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../../ui/components/controls';
import { copyText } from '../../lib/copyText';
import { CONFIRM_MS } from '../auth/CopyCodeButton';

/**
 * A value to copy (an address, a bookmarklet's code): a Copy button beside it, reading 'Copied!' for 2
 * seconds (SPEC.md §9), and selected whole on focus for a copy by hand when the clipboard is refused.
 */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(value))) {
      input.current?.select();
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), CONFIRM_MS);
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-xs font-medium text-slate-500 dark:text-slate-400">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="block min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        />
        <Button
          variant="secondary"
          className="w-24 shrink-0"
          onClick={() => void copy()}
          aria-live="polite"
          aria-label={copied ? 'Copied!' : `Copy ${label}`}
        >
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
