import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { Dialog } from '../../components/Dialog';
import { Alert, Button } from '../../../../ui/components/controls';
import { serverMessage } from '../auth/authErrors';

/**
 * Asks before revoking something (an app's access, a token, an account) whose revocation cannot be undone,
 * then revokes `target` with `revoke`. A 404 is no failure: it was revoked already, from another tab, and
 * what the person asked for is done. Another refusal is said in the server's words when it gave some.
 */
export function RevokeDialog({
  target,
  revoke,
  onClose,
  title,
  confirmLabel,
  pendingLabel = 'Revoking…',
  failureMessage,
  children,
}: {
  /** What to revoke, by its id; null while the dialog is closed. */
  target: string | null;
  revoke: UseMutationResult<unknown, Error, string>;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  pendingLabel?: string;
  failureMessage: string;
  children: ReactNode;
}) {
  const close = () => {
    revoke.reset();
    onClose();
  };
  const failed = (error: Error | null) =>
    error !== null && !(error instanceof ApiError && error.status === 404);

  return (
    <Dialog
      open={target !== null}
      onClose={close}
      size="sm"
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={revoke.isPending}
            onClick={() => {
              if (target === null) return;
              revoke.mutate(target, {
                onSettled: (_result, error) => {
                  if (!failed(error)) close();
                },
              });
            }}
          >
            {revoke.isPending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm leading-6 text-slate-600 dark:text-slate-400">{children}</p>
      {failed(revoke.error) && (
        <div className="mt-4">
          <Alert>{serverMessage(revoke.error) ?? failureMessage}</Alert>
        </div>
      )}
    </Dialog>
  );
}
