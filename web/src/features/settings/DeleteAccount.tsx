import { type FormEvent, useId, useState } from 'react';
import { useDeleteAccount } from '../../api/account';
import { useStats } from '../../api/library';
import { Dialog } from '../../components/Dialog';
import { PasswordField } from '../../../../ui/components/CredentialFields';
import { Alert, Button } from '../../../../ui/components/controls';
import { formatCount } from '../../../../ui/lib/format';
import { serverMessage } from '../auth/authErrors';

/** Settings' last section: the account and everything in it, for good, once the password is typed. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-red-200 bg-red-50/50 p-4 dark:border-red-900/60 dark:bg-red-950/20">
      <p className="max-w-prose text-sm leading-6 text-slate-700 dark:text-slate-300">
        Your links, folders, snippets, tags, imports and connected apps are deleted with your account. This
        cannot be undone: export your library first if you want to keep it.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete account…
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </div>
  );
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const remove = useDeleteAccount();
  const stats = useStats();
  const [password, setPassword] = useState('');
  const formId = useId();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    setPassword('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(password);
  };
  const links = stats.data?.links;

  return (
    <Dialog
      open={open}
      onClose={close}
      size="sm"
      title="Delete your account?"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={remove.isPending || !password}>
            {remove.isPending ? 'Deleting…' : 'Delete account'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4">
        <p className="text-sm leading-6 text-slate-600 dark:text-slate-400">
          {links
            ? `Your ${formatCount(links)} ${links === 1 ? 'link' : 'links'} and everything else in your Linkvault are deleted for good.`
            : 'Everything in your Linkvault is deleted for good.'}{' '}
          Type your password to confirm.
        </p>
        <PasswordField value={password} onChange={setPassword} purpose="current" />
        {remove.isError && (
          <Alert>{serverMessage(remove.error) ?? 'Could not delete your account. Please try again.'}</Alert>
        )}
      </form>
    </Dialog>
  );
}
