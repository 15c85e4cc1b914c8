import { useEffect, useState } from 'react';
import type { Folder, Link } from '../../../../contracts/index.js';
import { useBulkLinks } from '../../api/bulk';
import { useFolders, useMoveLink } from '../../api/library';
import { useDismissSuggestion, useOrganise } from '../../api/organise';
import { Dialog } from '../../components/Dialog';
import { Button } from '../../../../ui/components/controls';
import { Favicon } from '../../../../ui/components/Favicon';
import { CheckIcon, SparklesIcon, XIcon } from '../../../../ui/components/icons';
import { Spinner } from '../../../../ui/components/Spinner';
import { hostOf } from '../../../../ui/lib/format';
import { FOLDER_COLOR_STYLES } from '../folders/folderColors';

/**
 * The Uncategorized view's way to Auto-organise, under its header: a line that says what it does and the
 * button that opens the proposals (a folder for each link, accepted or rejected by the person).
 */
export function OrganiseBar({ wide }: { wide: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="shrink-0 border-b border-slate-200/80 bg-slate-50/70 px-4 py-2 sm:px-6 lg:px-8 dark:border-slate-800/80 dark:bg-slate-900/40">
      <div className={`mx-auto flex ${wide ? 'max-w-6xl' : 'max-w-4xl'} items-center gap-3`}>
        <SparklesIcon className="size-4 shrink-0 text-brand-600 dark:text-brand-100" />
        <p className="min-w-0 flex-1 text-sm text-slate-600 dark:text-slate-300">
          Linkvault can suggest a folder for each of these links, from where your other links live.
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 whitespace-nowrap"
          onClick={() => setOpen(true)}
        >
          Auto-organise
        </Button>
      </div>
      {open && <OrganiseDialog onClose={() => setOpen(false)} />}
    </div>
  );
}

interface Proposal {
  link: Link;
  folder: Folder;
}

/**
 * Asks for the proposals once it opens (POST /api/links/organise: nothing moves), then lists them: Accept
 * moves one link (Move Link's move), Reject dismisses its suggestion for good, and the footer does either
 * to all that are left (POST /api/links/bulk, one move per folder).
 */
function OrganiseDialog({ onClose }: { onClose: () => void }) {
  const organise = useOrganise();
  const folders = useFolders();
  const move = useMoveLink();
  const dismiss = useDismissSuggestion();
  const bulk = useBulkLinks();
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const { mutate: ask } = organise;
  useEffect(() => ask(), [ask]);

  const byId = new Map(folders.data?.map((folder) => [folder.id, folder]));
  const proposals: Proposal[] = (organise.data?.items ?? []).flatMap((link) => {
    const folder = link.suggestedFolderId ? byId.get(link.suggestedFolderId) : undefined;
    return folder && !decided.has(link.id) ? [{ link, folder }] : [];
  });
  const decide = (links: readonly Link[]) =>
    setDecided((before) => new Set([...before, ...links.map((l) => l.id)]));

  const acceptAll = async () => {
    const groups = new Map<string, string[]>();
    for (const { link, folder } of proposals)
      groups.set(folder.id, [...(groups.get(folder.id) ?? []), link.id]);
    try {
      for (const [folderId, ids] of groups) await bulk.mutateAsync({ ids, action: 'move', folderId });
      decide(proposals.map((p) => p.link));
    } catch {
      // The alert was shown (useBulkLinks); what was moved is read again with the lists.
    }
  };
  const rejectAll = () =>
    bulk.mutate(
      { ids: proposals.map((p) => p.link.id), action: 'dismiss' },
      { onSuccess: () => decide(proposals.map((p) => p.link)) },
    );

  const count = proposals.length;
  const working = bulk.isPending;
  let body;
  if (organise.isError) {
    body = (
      <div className="py-10 text-center">
        <p className="text-sm text-slate-600 dark:text-slate-300">Could not look at your links just now.</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => ask()}>
          Try again
        </Button>
      </div>
    );
  } else if (!organise.isSuccess || folders.isPending) {
    body = (
      <div className="flex flex-col items-center gap-3 py-12 text-sm text-slate-500 dark:text-slate-400">
        <Spinner label="Looking for folders" />
        Looking for a folder for each Uncategorized link…
      </div>
    );
  } else if (count === 0) {
    body = (
      <div className="py-10 text-center">
        <p className="font-medium text-slate-900 dark:text-white">
          {decided.size > 0 ? 'All done' : 'No suggestions right now'}
        </p>
        <p className="mx-auto mt-1.5 max-w-sm text-sm text-slate-500 dark:text-slate-400">
          {decided.size > 0
            ? 'Every suggestion was accepted or rejected.'
            : 'Linkvault suggests a folder when a link shares its words and tags with links you filed there (at least 3 in a folder). File a few links by hand, then try again.'}
        </p>
      </div>
    );
  } else {
    body = (
      <ul className="-my-1 divide-y divide-slate-100 dark:divide-slate-800" aria-label="Suggested folders">
        {proposals.map(({ link, folder }) => (
          <ProposalRow
            key={link.id}
            link={link}
            folder={folder}
            disabled={working}
            onAccept={() => {
              move.move(link, folder.id);
              decide([link]);
            }}
            onReject={() => {
              dismiss.mutate(link);
              decide([link]);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title="Auto-organise"
      description={
        organise.data?.more
          ? `Folders for your ${organise.data.considered} newest Uncategorized links. Nothing moves until you accept.`
          : 'Folders for your Uncategorized links. Nothing moves until you accept.'
      }
      footer={
        count > 0 ? (
          <div className="flex w-full flex-wrap items-center justify-end gap-2">
            <p className="mr-auto text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
              {working ? <Spinner label="Saving" className="size-4" /> : null}{' '}
              {count === 1 ? '1 suggestion' : `${count} suggestions`}
            </p>
            <Button variant="secondary" size="sm" onClick={rejectAll} disabled={working}>
              Reject all
            </Button>
            <Button size="sm" onClick={() => void acceptAll()} disabled={working}>
              Accept all
            </Button>
          </div>
        ) : (
          <Button variant="secondary" size="sm" onClick={onClose}>
            Close
          </Button>
        )
      }
    >
      {body}
    </Dialog>
  );
}

function ProposalRow({
  link,
  folder,
  disabled,
  onAccept,
  onReject,
}: Proposal & { disabled: boolean; onAccept: () => void; onReject: () => void }) {
  const title = link.title || link.ogTitle || hostOf(link.url);
  return (
    <li className="flex flex-col gap-2.5 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Favicon url={link.url} favicon={link.favicon} size="sm" />
        <div className="min-w-0">
          <p className="line-clamp-2 text-sm font-medium text-slate-900 dark:text-slate-50">{title}</p>
          <p className="mt-0.5 flex min-w-0 items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            <span className="truncate">{hostOf(link.url)}</span>
            <span aria-hidden="true">→</span>
            <span
              className={`size-2 shrink-0 rounded-full ${FOLDER_COLOR_STYLES[folder.color].dot}`}
              aria-hidden="true"
            />
            <span className="truncate font-medium text-slate-700 dark:text-slate-200">{folder.name}</span>
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 pl-8 sm:pl-0">
        <Button
          size="sm"
          variant="secondary"
          onClick={onAccept}
          disabled={disabled}
          aria-label={`Accept: move “${title}” to ${folder.name}`}
        >
          <CheckIcon className="size-3.5" />
          Accept
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onReject}
          disabled={disabled}
          aria-label={`Reject: keep “${title}” out of ${folder.name}`}
        >
          <XIcon className="size-3.5" />
          Reject
        </Button>
      </div>
    </li>
  );
}
