import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../../ui/components/controls';
import { copyText } from '../../lib/copyText';

/** SPEC.md §9: the copy confirmation lasts 2 seconds. */
export const CONFIRM_MS = 2000;

/**
 * SPEC.md §2: 'Copy Authorization Code', reading 'Copied!' for 2 seconds after a copy. aria-live makes
 * screen readers announce the change of label.
 */
export function CopyCodeButton({ code, onCopyFailed }: { code: string; onCopyFailed: () => void }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    if (!(await copyText(code))) return onCopyFailed();
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), CONFIRM_MS);
  }

  return (
    <Button onClick={() => void copy()} aria-live="polite" className="h-11 w-full">
      {copied ? 'Copied!' : 'Copy Authorization Code'}
    </Button>
  );
}
