import { type FormEvent, useState } from 'react';
import type { User } from '../../../../contracts/index.js';
import { useUpdateProfile } from '../../api/account';
import { EmailField } from '../../../../ui/components/CredentialFields';
import { Alert, Button, TextField } from '../../../../ui/components/controls';
import { serverMessage } from '../auth/authErrors';

/** The name the app greets the person by and the e-mail they sign in with. */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const changes = {
    ...(name.trim() !== user.name && { name }),
    ...(email.trim().toLowerCase() !== user.email && { email }),
  };
  const changed = Object.keys(changes).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    update.mutate(changes, {
      // A blank name comes back as the e-mail's first part (SPEC.md §3): the field shows what is kept.
      onSuccess: (saved) => {
        setName(saved.name);
        setEmail(saved.email);
      },
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          maxLength={200}
          value={name}
          onChange={(e) => {
            update.reset();
            setName(e.target.value);
          }}
        />
        <EmailField
          value={email}
          onChange={(value) => {
            update.reset();
            setEmail(value);
          }}
        />
      </div>
      {update.isError && (
        <Alert>{serverMessage(update.error) ?? 'Could not save your changes. Please try again.'}</Alert>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!changed || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        {update.isSuccess && !changed && (
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
            Saved.
          </p>
        )}
      </div>
    </form>
  );
}
