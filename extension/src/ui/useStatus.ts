import { useEffect, useState } from 'react';
import { type Status, callBackground } from '../shared/messages.js';

/** The extension's sign-in state, read from the background script; null while it loads. */
export function useStatus(): [Status | null, (status: Status) => void] {
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    void callBackground('status').then(setStatus);
  }, []);
  return [status, setStatus];
}
