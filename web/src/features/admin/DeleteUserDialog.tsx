import type { AdminUser } from '../../../../contracts/index.js';
import { useDeleteAdminUser } from '../../api/admin';
import { formatCount } from '../../../../ui/lib/format';
import { RevokeDialog } from '../settings/RevokeDialog';

/** Admin → Users → Delete: the account and everything it saved, for good (the eraser of Settings → Account). */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const links = user?.linkCount ?? 0;
  return (
    <RevokeDialog
      target={user?.id ?? null}
      revoke={useDeleteAdminUser()}
      onClose={onClose}
      title={`Delete ${user?.name ?? ''}’s account?`}
      confirmLabel="Delete account"
      pendingLabel="Deleting…"
      failureMessage="Could not delete the account. Please try again."
    >
      {user?.name} ({user?.email}) and everything they saved go for good:{' '}
      {links > 0 ? `${formatCount(links)} ${links === 1 ? 'link' : 'links'}, with their` : 'their'} folders,
      snippets, tags and connected apps. This cannot be undone.
    </RevokeDialog>
  );
}
