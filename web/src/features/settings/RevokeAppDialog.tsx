import type { OAuthConnection } from '../../../../contracts/index.js';
import { useRevokeConnection } from '../../api/oauth';
import { Dialog } from '../../components/Dialog';
import { Alert, Button } from '../../../../ui/components/controls';
import { revokeFailed } from './revokeFailed';

/** Asks before cutting an app off: revoking ends its access at once, and reconnecting needs consent again. */
export function RevokeAppDialog({
  connection,
  onClose,
}: {
  connection: OAuthConnection | null;
  onClose: () => void;
}) {
  const revoke = useRevokeConnection();
  const close = () => {
    revoke.reset();
    onClose();
  };
  const failed = revokeFailed(revoke.error);

  return (
    <Dialog
      open={connection !== null}
      onClose={close}
      size="sm"
      title={`Revoke access for ${connection?.name ?? 'this app'}?`}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={revoke.isPending}
            onClick={() => {
              if (!connection) return;
              revoke.mutate(connection.clientId, {
                onSettled: (_result, error) => {
                  if (!revokeFailed(error)) close();
                },
              });
            }}
          >
            {revoke.isPending ? 'Revoking…' : 'Revoke access'}
          </Button>
        </>
      }
    >
      <p className="text-sm leading-6 text-slate-600 dark:text-slate-400">
        {connection?.name ?? 'The app'} will immediately lose access to your folders and links. To use it
        again, you will have to connect it and approve it once more.
      </p>
      {failed && (
        <div className="mt-4">
          <Alert>Failed to revoke access. Please try again.</Alert>
        </div>
      )}
    </Dialog>
  );
}
