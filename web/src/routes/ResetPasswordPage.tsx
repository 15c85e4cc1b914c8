import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { LIMITS } from '../../../contracts/constants.js';
import { useResetPassword } from '../api/signIn';
import { ButtonLink } from '../components/ButtonLink';
import { StatusCard } from '../components/StatusCard';
import { AuthLayout } from '../features/auth/AuthLayout';
import { refusedField, serverMessage } from '../features/auth/authErrors';
import { PasswordField } from '../../../ui/components/CredentialFields';
import { Alert } from '../../../ui/components/controls';
import { SubmitButton } from '../../../ui/components/SubmitButton';

const MISMATCH = 'The two passwords are not the same.';

/**
 * /reset#<secret> (served in every sign-in state): the new password a reset link from an admin lets its
 * person choose. The secret is in the fragment, never sent to a server but by this page's own request.
 */
export function ResetPasswordPage() {
  const { hash } = useLocation();
  const [token] = useState(() => hash.slice(1));
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);

  if (!token) {
    return (
      <StatusCard tone="warning" title="This reset link is incomplete">
        <p>Copy the whole link you were given, including the part after the #, and open it again.</p>
      </StatusCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthLayout
        title="Your password is set"
        subtitle="Sign in with your new password. Any other device signed in to your account was signed out."
      >
        <title>Password set · Linkvault</title>
        <ButtonLink to="/app" className="h-11 w-full">
          Sign in
        </ButtonLink>
      </AuthLayout>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirmation) {
      setMismatch(true);
      return;
    }
    reset.mutate({ token, newPassword: password });
  };
  const edit = (set: (value: string) => void) => (value: string) => {
    setMismatch(false);
    if (!reset.isPending) reset.reset();
    set(value);
  };

  return (
    <AuthLayout title="Choose a new password" subtitle="Your admin made this link for you. It works once.">
      <title>Choose a new password · Linkvault</title>
      <form onSubmit={submit} className="space-y-5" aria-label="Choose a new password">
        <div>
          <PasswordField label="New password" purpose="new" value={password} onChange={edit(setPassword)} />
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            At least {LIMITS.passwordMin} characters.
          </p>
        </div>
        <PasswordField
          label="Confirm new password"
          purpose="new"
          value={confirmation}
          onChange={edit(setConfirmation)}
        />
        {mismatch && <Alert>{MISMATCH}</Alert>}
        {reset.isError && (
          <Alert>
            <p className="font-medium">
              {serverMessage(reset.error) ?? 'Could not set your password. Please try again.'}
            </p>
            {refusedField(reset.error, 'token') && (
              <p className="mt-0.5 opacity-90">Ask your admin for a new link.</p>
            )}
          </Alert>
        )}
        <SubmitButton pending={reset.isPending} pendingLabel="Setting password…">
          Set password
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
