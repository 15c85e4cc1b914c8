import type { AdminUser } from '../../../../contracts/index.js';
import { useDeleteAdminUser } from '../../api/admin';
import { formatCount } from '../../../../ui/lib/format';
import { RevokeDialog } from '../settings/RevokeDialog';
import { EmailAddress } from './EmailAddress';

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
      {/* Two people may share a name: the address says which account this is. */}
      <span className="mb-3 block rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
        <span className="block font-medium text-slate-900 dark:text-white">{user?.name}</span>
        <span className="block">{user && <EmailAddress email={user.email} />}</span>
      </span>
      Everything they saved goes for good:{' '}
      {links > 0 ? `${formatCount(links)} ${links === 1 ? 'link' : 'links'}, with their` : 'their'} folders,
      snippets, tags and connected apps. They can no longer sign in. This cannot be undone.
    </RevokeDialog>
  );
}
