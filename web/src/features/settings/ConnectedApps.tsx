import { useState } from 'react';
import { OAUTH_SCOPE_DESCRIPTIONS } from '../../../../contracts/constants.js';
import type { OAuthConnection } from '../../../../contracts/index.js';
import { useConnections } from '../../api/oauth';
import { Badge } from '../../../../ui/components/controls';
import { formatDate } from '../../../../ui/lib/dates';
import { DangerButton } from '../dashboard/DangerButton';
import { EmptyState } from '../dashboard/EmptyState';
import { PlugIcon } from '../../../../ui/components/icons';
import { AppAvatar, UnverifiedBadge, VerifiedDomainBadge } from '../oauth/AppAvatar';
import { SCOPE_LABELS } from '../oauth/scopes';
import { LoadFailed } from './LoadFailed';
import { RevokeAppDialog } from './RevokeAppDialog';

/** The assistants a person has let read their Linkvault, each with what it can see and a way to revoke it. */
export function ConnectedApps() {
  const connections = useConnections();
  const [revoking, setRevoking] = useState<OAuthConnection | null>(null);

  if (connections.isPending) return <ListSkeleton />;
  if (connections.isError) {
    return <LoadFailed what="your connected apps" onRetry={() => void connections.refetch()} />;
  }
  if (connections.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 dark:border-slate-700">
        <EmptyState icon={<PlugIcon className="size-7" />} title="No connected apps" tone="slate">
          Assistants you allow to read your Linkvault appear here. You can revoke their access at any time.
        </EmptyState>
      </div>
    );
  }
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {connections.data.map((connection) => (
          <ConnectionRow key={connection.clientId} connection={connection} onRevoke={setRevoking} />
        ))}
      </ul>
      <RevokeAppDialog connection={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

function ConnectionRow({
  connection,
  onRevoke,
}: {
  connection: OAuthConnection;
  onRevoke: (connection: OAuthConnection) => void;
}) {
  return (
    <li aria-label={connection.name} className="flex items-start gap-3 p-4 sm:gap-4">
      <AppAvatar name={connection.name} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words text-slate-900 dark:text-white">{connection.name}</span>
          {connection.verified && connection.domain ? (
            <VerifiedDomainBadge domain={connection.domain} />
          ) : (
            <UnverifiedBadge />
          )}
        </p>
        <p className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span>Can view</span>
          {connection.scopes.map((scope) => (
            <Badge key={scope}>
              <span title={OAUTH_SCOPE_DESCRIPTIONS[scope]}>{SCOPE_LABELS[scope]}</span>
            </Badge>
          ))}
        </p>
        <p className="mt-1.5 flex flex-wrap gap-x-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span className="whitespace-nowrap">Connected {formatDate(connection.connectedAt)}</span>
          <span aria-hidden="true">·</span>
          <span className="whitespace-nowrap">
            {connection.lastUsedAt ? `Last used ${formatDate(connection.lastUsedAt)}` : 'Not used yet'}
          </span>
        </p>
      </div>
      <DangerButton
        onClick={() => onRevoke(connection)}
        aria-label={`Revoke access for ${connection.name}`}
        className="-mr-2 shrink-0"
      >
        Revoke
      </DangerButton>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
      aria-busy="true"
      aria-label="Loading connected apps"
    >
      {[0, 1].map((row) => (
        <div key={row} className="flex items-center gap-4 p-4">
          <div className="size-10 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
          <div className="flex-1 space-y-2">
            <div className="h-3.5 w-1/3 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
            <div className="h-3 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          </div>
        </div>
      ))}
    </div>
  );
}
