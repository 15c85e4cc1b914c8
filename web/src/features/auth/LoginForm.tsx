import { useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { Alert } from '../../../../ui/components/controls';
import { EmailField, PasswordField } from '../../../../ui/components/CredentialFields';
import { loginError } from './authErrors';
import { SubmitButton } from '../../../../ui/components/SubmitButton';
import { useFormSubmit } from '../../../../ui/lib/useFormSubmit';

/**
 * SPEC.md §5: e-mail (of type email) and password, both required. The authorization flow's sign-in
 * (/oauth/login) words its failure differently and goes on once signed in: `describeError` and `onSignedIn`.
 */
export function LoginForm({
  email,
  onEmailChange,
  autoFocus,
  describeError = loginError,
  onSignedIn,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  autoFocus: boolean;
  describeError?: (error: unknown) => string;
  onSignedIn?: () => Promise<void>;
}) {
  const auth = useAuth();
  const [password, setPassword] = useState('');
  const { error, pending, onSubmit } = useFormSubmit(describeError);
  // On success AuthProvider flips to signed in and App's routes swap this page for the dashboard.
  const submit = onSubmit(() => auth.login(email.trim(), password), onSignedIn);

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-5" aria-label="Sign in">
      <EmailField value={email} onChange={onEmailChange} autoFocus={autoFocus} />
      <PasswordField value={password} onChange={setPassword} purpose="current" />
      {error && <Alert>{error}</Alert>}
      <SubmitButton pending={pending} pendingLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}
