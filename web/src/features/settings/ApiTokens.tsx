import { type FormEvent, useId, useState } from 'react';
import type { ApiToken, CreatedApiToken, TokenScope } from '../../../../contracts/index.js';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../../api/tokens';
import { Alert, Badge, Button, TextField } from '../../../../ui/components/controls';
import { formatDate, formatDateTime } from '../../../../ui/lib/dates';
import { serverMessage } from '../auth/authErrors';
import { ReadOnlyField } from '../capture/ReadOnlyField';
import { SettingsPart } from './SettingsPart';
import { LoadFailed } from './LoadFailed';
import { RevokeDialog } from './RevokeDialog';

const ACCESS: Record<'read' | 'write', { scopes: TokenScope[]; label: string; hint: string }> = {
  read: { scopes: ['read'], label: 'Read', hint: 'Lists, searches and exports your library.' },
  write: {
    scopes: ['read', 'write'],
    label: 'Read and write',
    hint: 'Also saves, changes and deletes links, folders and snippets.',
  },
};
const EXPIRIES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
  { days: null, label: 'Never' },
] as const;

/** Settings → API tokens: a token for each script, its secret shown once, each one revocable. */
export function ApiTokens() {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <div className="space-y-10">
      <SettingsPart title="New token">
        {created ? (
          <NewTokenSecret token={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateTokenForm onCreated={setCreated} />
        )}
      </SettingsPart>
      <SettingsPart title="Your tokens">
        <TokenList />
      </SettingsPart>
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<'read' | 'write'>('read');
  const [expiry, setExpiry] = useState<string>('90');
  const accessName = useId();
  const expiryId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        name,
        scopes: ACCESS[access].scopes,
        ...(expiry !== 'never' && { expiresInDays: Number(expiry) }),
      },
      {
        onSuccess: (token) => {
          setName('');
          onCreated(token);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          required
          maxLength={100}
          placeholder="Backup script"
          value={name}
          onChange={(e) => {
            create.reset();
            setName(e.target.value);
          }}
          hint="What uses it, so you know which one to revoke."
        />
        <div>
          <label
            htmlFor={expiryId}
            className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
          >
            Expires
          </label>
          <select
            id={expiryId}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            className="block h-[38px] w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          >
            {EXPIRIES.map(({ days, label }) => (
              <option key={label} value={days ?? 'never'}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Access</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {(['read', 'write'] as const).map((key) => (
            <label
              key={key}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 has-checked:border-brand-500 has-checked:ring-2 has-checked:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900"
            >
              <input
                type="radio"
                name={accessName}
                value={key}
                checked={access === key}
                onChange={() => setAccess(key)}
                className="mt-1 accent-brand-600"
              />
              <span>
                <span className="block text-sm font-medium text-slate-900 dark:text-white">
                  {ACCESS[key].label}
                </span>
                <span className="block text-xs leading-5 text-slate-500 dark:text-slate-400">
                  {ACCESS[key].hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {create.isError && (
        <Alert>{serverMessage(create.error) ?? 'Could not create the token. Please try again.'}</Alert>
      )}
      <Button type="submit" disabled={create.isPending || !name.trim()}>
        {create.isPending ? 'Creating…' : 'Create token'}
      </Button>
    </form>
  );
}

/** The one time the secret is seen: copied from here, or made again. */
function NewTokenSecret({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  return (
    <div className="space-y-4 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 dark:border-emerald-900/60 dark:bg-emerald-950/30">
      <p className="text-sm leading-6 text-slate-700 dark:text-slate-300">
        <strong className="font-semibold text-slate-900 dark:text-white">“{token.name}” is ready.</strong>{' '}
        Copy it now: you will not be able to see it again.
      </p>
      <ReadOnlyField label="Token" value={token.token} />
      <Button variant="secondary" size="sm" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function TokenList() {
  const tokens = useApiTokens();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  if (tokens.isPending) return <p className="text-sm text-slate-500 dark:text-slate-400">Loading…</p>;
  if (tokens.isError) return <LoadFailed what="your tokens" onRetry={() => void tokens.refetch()} />;
  if (tokens.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
        No tokens yet. Scripts you give a token to appear here, with when they last used it.
      </p>
    );
  }
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {tokens.data.map((token) => (
          <li key={token.id} aria-label={token.name} className="flex items-start gap-3 p-4 sm:items-center">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium break-words text-slate-900 dark:text-white">{token.name}</span>
                <Badge tone={token.scopes.includes('write') ? 'amber' : 'slate'}>
                  {token.scopes.includes('write') ? ACCESS.write.label : ACCESS.read.label}
                </Badge>
              </p>
              <p className="mt-1 flex flex-col text-xs text-slate-500 sm:flex-row sm:flex-wrap sm:gap-x-1.5 dark:text-slate-400">
                <span className="whitespace-nowrap">Created {formatDate(token.createdAt)}</span>
                <Dot />
                <span className="whitespace-nowrap">
                  {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)}` : 'Never used'}
                </span>
                <Dot />
                <span className="whitespace-nowrap">
                  {token.expiresAt ? `Expires ${formatDate(token.expiresAt)}` : 'Never expires'}
                </span>
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setRevoking(token)}
              aria-label={`Revoke ${token.name}`}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

const Dot = () => (
  <span aria-hidden="true" className="hidden sm:inline">
    ·
  </span>
);

function RevokeTokenDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  return (
    <RevokeDialog
      target={token?.id ?? null}
      revoke={useRevokeApiToken()}
      onClose={onClose}
      title={`Revoke “${token?.name ?? ''}”?`}
      confirmLabel="Revoke token"
      failureMessage="Failed to revoke the token. Please try again."
    >
      Whatever uses this token stops reaching your library at once. This cannot be undone.
    </RevokeDialog>
  );
}
