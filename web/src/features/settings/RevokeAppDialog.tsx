import type { OAuthConnection } from '../../../../contracts/index.js';
import { useRevokeConnection } from '../../api/oauth';
import { RevokeDialog } from './RevokeDialog';

/** Asks before cutting an app off: revoking ends its access at once, and reconnecting needs consent again. */
export function RevokeAppDialog({
  connection,
  onClose,
}: {
  connection: OAuthConnection | null;
  onClose: () => void;
}) {
  const name = connection?.name ?? 'this app';
  return (
    <RevokeDialog
      target={connection?.clientId ?? null}
      revoke={useRevokeConnection()}
      onClose={onClose}
      title={`Revoke access for ${name}?`}
      confirmLabel="Revoke access"
      failureMessage="Failed to revoke access. Please try again."
    >
      {connection?.name ?? 'The app'} will immediately lose access to your folders and links. To use it again,
      you will have to connect it and approve it once more.
    </RevokeDialog>
  );
}
