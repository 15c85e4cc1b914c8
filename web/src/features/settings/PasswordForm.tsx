import { type FormEvent, useState } from 'react';
import { LIMITS } from '../../../../contracts/constants.js';
import { useChangePassword } from '../../api/account';
import { PasswordField } from '../../../../ui/components/CredentialFields';
import { Alert, Button } from '../../../../ui/components/controls';
import { serverMessage } from '../auth/authErrors';

/** API.md POST /api/auth/password: every other session is signed out, which the form says once done. */
export function PasswordForm() {
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
        },
      },
    );
  };
  const edit = (set: (value: string) => void) => (value: string) => {
    if (!change.isPending) change.reset();
    set(value);
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label="Current password"
          purpose="current"
          value={currentPassword}
          onChange={edit(setCurrentPassword)}
        />
        <div>
          <PasswordField
            label="New password"
            purpose="new"
            value={newPassword}
            onChange={edit(setNewPassword)}
          />
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            At least {LIMITS.passwordMin} characters.
          </p>
        </div>
      </div>
      {change.isError && (
        <Alert>{serverMessage(change.error) ?? 'Could not change your password. Please try again.'}</Alert>
      )}
      {change.isSuccess && (
        <Alert tone="success">Password changed. Your other sessions were signed out.</Alert>
      )}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Changing…' : 'Change password'}
      </Button>
    </form>
  );
}
