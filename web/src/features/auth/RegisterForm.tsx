import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { Alert, TextField } from '../../../../ui/components/controls';
import { EmailField, PasswordField } from '../../../../ui/components/CredentialFields';
import { registrationError } from './authErrors';
import { SubmitButton } from '../../../../ui/components/SubmitButton';
import { useFormSubmit } from '../../../../ui/lib/useFormSubmit';

/**
 * SPEC.md §5: full name, e-mail and password, all required; no password rules are shown up front.
 * `invite`: the secret of the invite link the page was opened with (/invite), sent with the sign-up.
 */
export function RegisterForm({
  email,
  onEmailChange,
  autoFocus,
  invite,
  describeError = registrationError,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  autoFocus: boolean;
  invite?: string;
  describeError?: (error: unknown) => { title: string; reason: string | null };
}) {
  const auth = useAuth();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { error, pending, onSubmit } = useFormSubmit(describeError);
  const submit = onSubmit(() => auth.signup(name.trim(), email.trim(), password, invite));

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-5" aria-label="Create account">
      <TextField
        label="Full name"
        name="name"
        autoComplete="name"
        required
        autoFocus={autoFocus}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <EmailField value={email} onChange={onEmailChange} />
      <PasswordField value={password} onChange={setPassword} purpose="new" />
      {error && (
        <Alert>
          <p className="font-medium">{error.title}</p>
          {error.reason && <p className="mt-0.5 opacity-90">{error.reason}</p>}
        </Alert>
      )}
      <SubmitButton pending={pending} pendingLabel="Creating account…">
        Create account
      </SubmitButton>
      <p className="text-center text-xs leading-5 text-balance text-slate-500 dark:text-slate-400">
        By creating an account you agree to the{' '}
        <Link
          to="/terms"
          className="font-medium text-slate-700 underline underline-offset-2 dark:text-slate-300"
        >
          Terms
        </Link>{' '}
        and the{' '}
        <Link
          to="/privacy"
          className="font-medium text-slate-700 underline underline-offset-2 dark:text-slate-300"
        >
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}
