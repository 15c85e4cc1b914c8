import { useState } from 'react';
import type { Folder } from '../../../../contracts/index.js';
import { Alert, Button } from '../../../../ui/components/controls';
import { ExternalLinkIcon, GlobeIcon } from '../../../../ui/components/icons';
import { usePublicPage, usePublishFolder, useUnpublishFolder } from '../../api/publicPages';
import { Dialog } from '../../components/Dialog';
import { ReadOnlyField } from '../capture/ReadOnlyField';
import { DangerButton } from '../dashboard/DangerButton';

const SINCE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Words of the two confirmations: both end an address that others may hold. */
export const PUBLIC_PAGE_CONFIRM = {
  rotate: 'Make a new address? The current address and its feed stop working at once.',
  revoke: (name: string) =>
    `Stop sharing "${name}"? Its public page and feed stop working at once for everyone who has the address.`,
};

/**
 * A folder's public page, from its owner's side (issue 19): publish it, copy the page's and the feed's
 * addresses, make a new address (the old one ends), or stop sharing. An address is shown only right after
 * it is made, as the server keeps only its hash; reopened later, the dialog says since when the folder is
 * public and offers a new address instead.
 */
export function PublicPageDialog({ folder, onClose }: { folder: Folder | null; onClose: () => void }) {
  const folderId = folder?.id ?? null;
  const status = usePublicPage(folderId);
  const publish = usePublishFolder();
  const unpublish = useUnpublishFolder();
  // The address made while this dialog is open, for this folder only.
  const [made, setMade] = useState<{ folderId: string; url: string } | null>(null);
  const url = made && made.folderId === folderId ? made.url : null;
  const publishedAt = status.data?.publishedAt ?? null;
  const pending = publish.isPending || unpublish.isPending;
  const failure = publish.error ?? unpublish.error ?? status.error;

  const close = () => {
    setMade(null);
    publish.reset();
    unpublish.reset();
    onClose();
  };
  const makeAddress = () => {
    if (!folder) return;
    if (publishedAt && !window.confirm(PUBLIC_PAGE_CONFIRM.rotate)) return;
    publish.mutate(folder.id, { onSuccess: (answer) => setMade({ folderId: folder.id, url: answer.url }) });
  };
  const stopSharing = () => {
    if (!folder || !window.confirm(PUBLIC_PAGE_CONFIRM.revoke(folder.name))) return;
    unpublish.mutate(folder.id, { onSuccess: () => setMade(null) });
  };

  return (
    <Dialog
      open={folder !== null}
      onClose={close}
      title="Public page"
      description={
        folder ? `A read-only page of “${folder.name}” that anyone with its address can open.` : undefined
      }
      footer={
        publishedAt ? (
          <>
            <DangerButton
              className="mr-auto -ml-3 whitespace-nowrap"
              disabled={pending}
              onClick={stopSharing}
            >
              Stop sharing
            </DangerButton>
            <Button
              variant="secondary"
              disabled={pending}
              onClick={makeAddress}
              className="whitespace-nowrap"
            >
              New address
            </Button>
            {url && <Button onClick={close}>Done</Button>}
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={pending || status.isPending}
              onClick={makeAddress}
              className="whitespace-nowrap"
            >
              <GlobeIcon />
              {publish.isPending ? 'Publishing…' : 'Publish page'}
            </Button>
          </>
        )
      }
    >
      <div className="space-y-4 pt-1 text-sm text-slate-600 dark:text-slate-300">
        {failure && <Alert>{failure.message}</Alert>}
        {status.isPending ? (
          <p>Checking…</p>
        ) : url ? (
          <>
            <Alert tone="success">
              This folder is public. Copy its address now: Linkvault shows it only this once.
            </Alert>
            <ReadOnlyField label="Page address" value={url} />
            <ReadOnlyField label="Feed address (Atom)" value={`${url}/feed.atom`} />
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1.5 font-medium text-brand-600 hover:underline dark:text-brand-100"
            >
              Open the page
              <ExternalLinkIcon className="size-3.5" />
            </a>
          </>
        ) : publishedAt ? (
          <>
            <p className="font-medium text-slate-900 dark:text-white">
              Public since {SINCE.format(new Date(publishedAt))}.
            </p>
            <p>
              Its address was shown when you published it; Linkvault keeps no copy it could show again. To get
              an address to copy, make a new one: the current address and its feed stop working.
            </p>
          </>
        ) : (
          <>
            <p>
              The page and its feed show this folder’s links: their titles, summaries, tags and pictures. Your
              snippets and notes, reading marks, sub-folders and other folders stay private, and search
              engines are asked not to list the page.
            </p>
            <p>You can stop sharing, or change the address, at any time.</p>
          </>
        )}
      </div>
    </Dialog>
  );
}
