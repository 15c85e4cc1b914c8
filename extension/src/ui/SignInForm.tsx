import { useState } from 'react';
import { Alert, TextField } from '../../../ui/components/controls';
import { EmailField, PasswordField } from '../../../ui/components/CredentialFields';
import { SubmitButton } from '../../../ui/components/SubmitButton';
import { useFormSubmit } from '../../../ui/lib/useFormSubmit';
import { type Status, callBackground } from '../shared/messages.js';

/**
 * Connects the extension to the user's own Linkvault: its address, then the account's e-mail and password
 * (API.md sessions). The password goes to the background script, which sends it to that server only.
 */
export function SignInForm({
  lastServer,
  onSignedIn,
}: {
  lastServer: string | null;
  onSignedIn: (status: Status) => void;
}) {
  const [server, setServer] = useState(lastServer ?? '');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, pending, onSubmit } = useFormSubmit(signInError);
  const submit = onSubmit(async () =>
    onSignedIn(await callBackground('signIn', { server, email, password })),
  );

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="Sign in to Linkvault">
      <TextField
        label="Linkvault address"
        type="url"
        name="server"
        inputMode="url"
        placeholder="https://vault.example.com"
        spellCheck={false}
        autoComplete="url"
        required
        autoFocus={!lastServer}
        value={server}
        onChange={(e) => setServer(e.target.value)}
      />
      <EmailField value={email} onChange={setEmail} autoFocus={Boolean(lastServer)} />
      <PasswordField value={password} onChange={setPassword} purpose="current" />
      {error && <Alert>{error}</Alert>}
      <SubmitButton pending={pending} pendingLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}

function signInError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'offline') return 'That Linkvault cannot be reached. Check its address and your connection.';
  // SPEC.md §8: the server's message, otherwise the generic one.
  return message || 'Login failed. Please check your credentials.';
}
