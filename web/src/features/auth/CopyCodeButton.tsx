import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../../ui/components/controls';

/** SPEC.md §9: the copy confirmation lasts 2 seconds. */
const CONFIRM_MS = 2000;

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

/**
 * The async Clipboard API exists only in secure contexts, and a self-hosted instance is often reached over
 * plain http on a home network; there the older execCommand path still works.
 */
async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused: try the fallback below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
