import { useId, useState } from 'react';
import { LIMITS } from '../../../../contracts/constants.js';
import type { Folder, Link } from '../../../../contracts/index.js';
import { isHttpUrl } from '../../../../contracts/urls.js';
import { alreadySavedLink, useAddLink, useUpdateLink } from '../../api/library';
import { Dialog } from '../../components/Dialog';
import { Button, TextArea, TextField } from '../../../../ui/components/controls';
import { normaliseUrl } from '../../../../ui/lib/format';
import { FolderSelect } from '../../../../ui/components/FolderSelect';
import { AlreadySaved } from './AlreadySaved';
import { TagInput } from '../tags/TagInput';

const URL_REQUIRED = 'URL is required';
const URL_INVALID = 'Please enter a valid URL, like https://example.com';
const TITLE_REQUIRED = 'Title is required';

function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-xs font-medium text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}

/** TextField styles its own input; a wrapper rule turns the border red while the field is invalid. */
const invalidClass =
  '[&_input[aria-invalid=true]]:border-red-500 [&_input[aria-invalid=true]]:focus:ring-red-500/25 dark:[&_input[aria-invalid=true]]:border-red-500/80';

function urlError(value: string): string | null {
  if (!value.trim()) return URL_REQUIRED;
  return normaliseUrl(value, isHttpUrl) ? null : URL_INVALID;
}

interface LinkFields {
  url: string;
  title: string;
  description: string;
  folderId: string | null;
  /** Edit Link only: a new link gets its tags from enrichment. */
  tags?: string[];
}

/** The fields shared by Add New Link and Edit Link; errors show once the person has tried to save. */
function LinkForm({
  formId,
  fields,
  onChange,
  folders,
  titleRequired,
  showErrors,
  onSubmit,
}: {
  formId: string;
  fields: LinkFields;
  onChange: (fields: LinkFields) => void;
  folders: Folder[];
  titleRequired: boolean;
  showErrors: boolean;
  onSubmit: () => void;
}) {
  const urlErrorId = useId();
  const titleErrorId = useId();
  const urlMessage = showErrors ? urlError(fields.url) : null;
  const titleMessage = showErrors && titleRequired && !fields.title.trim() ? TITLE_REQUIRED : null;
  return (
    <form
      id={formId}
      noValidate
      className="space-y-4 pt-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
        const form = event.currentTarget;
        // Take the person to the first field that needs fixing, once the errors have rendered.
        requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      }}
    >
      <div className={invalidClass}>
        <TextField
          label="URL"
          type="url"
          inputMode="url"
          value={fields.url}
          onChange={(event) => onChange({ ...fields, url: event.target.value })}
          placeholder="https://example.com/article"
          required
          autoFocus
          data-autofocus
          autoComplete="off"
          spellCheck={false}
          maxLength={LIMITS.url}
          aria-invalid={urlMessage ? true : undefined}
          aria-describedby={urlMessage ? urlErrorId : undefined}
        />
        <FieldError id={urlErrorId} message={urlMessage} />
      </div>
      <div className={invalidClass}>
        <TextField
          label={titleRequired ? 'Title' : 'Title (optional)'}
          value={fields.title}
          onChange={(event) => onChange({ ...fields, title: event.target.value })}
          placeholder={titleRequired ? '' : 'Leave empty to use the site name'}
          required={titleRequired}
          maxLength={LIMITS.title}
          autoComplete="off"
          aria-invalid={titleMessage ? true : undefined}
          aria-describedby={titleMessage ? titleErrorId : undefined}
        />
        <FieldError id={titleErrorId} message={titleMessage} />
      </div>
      <TextArea
        label="Description (optional)"
        value={fields.description}
        onChange={(event) => onChange({ ...fields, description: event.target.value })}
        placeholder="Why is this worth keeping?"
        maxLength={LIMITS.description}
        rows={3}
      />
      <FolderSelect
        folders={folders}
        value={fields.folderId}
        onChange={(folderId) => onChange({ ...fields, folderId })}
      />
      {fields.tags !== undefined && (
        <TagInput tags={fields.tags} onChange={(tags) => onChange({ ...fields, tags })} />
      )}
    </form>
  );
}

/** Resets a dialog's fields each time it opens for a new subject (derived state, no effect). */
function useFieldsFor<T>(subject: T, initial: (subject: T) => LinkFields) {
  const [fields, setFields] = useState<LinkFields>(() => initial(subject));
  const [showErrors, setShowErrors] = useState(false);
  const [shown, setShown] = useState(subject);
  if (subject !== shown) {
    setShown(subject);
    setFields(initial(subject));
    setShowErrors(false);
  }
  return { fields, setFields, showErrors, setShowErrors };
}

/**
 * Add New Link (SPEC.md §5): URL required and a URL; title, description and folder optional. A page
 * already in the vault (API.md "Normalized URL") is not saved twice unasked: the dialog shows the saved
 * link and offers to open it, or to save the page anyway.
 */
export function AddLinkDialog({
  open,
  defaultFolderId,
  folders,
  onClose,
  onAdded,
  onOpenSaved,
}: {
  open: boolean;
  defaultFolderId: string | null;
  folders: Folder[];
  onClose: () => void;
  onAdded?: (link: Link) => void;
  onOpenSaved: (link: Link) => void;
}) {
  const formId = useId();
  const add = useAddLink();
  const { fields, setFields, showErrors, setShowErrors } = useFieldsFor(open, () => ({
    url: '',
    title: '',
    description: '',
    folderId: defaultFolderId,
  }));
  // Kept in state, not read from add.error: "Save anyway" starts a new mutation, whose error is null while
  // it runs, and the already-saved view must stay (saying "Saving…") until it ends.
  const [saved, setSaved] = useState<Link | null>(null);

  const submit = (allowDuplicate = false) => {
    setShowErrors(true);
    const url = normaliseUrl(fields.url, isHttpUrl);
    if (!url || add.isPending) return;
    add.mutate(
      {
        url,
        title: fields.title.trim() || undefined,
        description: fields.description.trim() || undefined,
        folderId: fields.folderId,
        ...(allowDuplicate && { allowDuplicate }),
      },
      {
        onSuccess: (link) => {
          setSaved(null);
          onClose();
          onAdded?.(link);
        },
        onError: (error) => setSaved(alreadySavedLink(error)),
      },
    );
  };
  const close = () => {
    add.reset();
    setSaved(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add New Link"
      description="Paste a URL. Linkvault fetches its title, summary and tags for you."
      footer={
        saved ? (
          // Two ways on, and the close button and Escape to leave: three buttons would not fit a phone.
          <>
            <Button variant="secondary" disabled={add.isPending} onClick={() => submit(true)}>
              {add.isPending ? 'Saving…' : 'Save anyway'}
            </Button>
            <Button
              autoFocus
              onClick={() => {
                close();
                onOpenSaved(saved);
              }}
            >
              Open saved link
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={add.isPending}>
              {add.isPending ? 'Saving…' : 'Save Link'}
            </Button>
          </>
        )
      }
    >
      {saved && <AlreadySaved link={saved} />}
      <LinkForm
        formId={formId}
        fields={fields}
        onChange={(next) => {
          // Another address is another question: the answer about the previous one no longer holds.
          if (saved && next.url !== fields.url) {
            add.reset();
            setSaved(null);
          }
          setFields(next);
        }}
        folders={folders}
        titleRequired={false}
        showErrors={showErrors}
        onSubmit={() => submit()}
      />
    </Dialog>
  );
}

/** Edit Link (SPEC.md §5): URL and title required. Optimistic: the dialog closes at once. */
export function EditLinkDialog({
  link,
  folders,
  onClose,
}: {
  link: Link | null;
  folders: Folder[];
  onClose: () => void;
}) {
  const formId = useId();
  const update = useUpdateLink();
  const { fields, setFields, showErrors, setShowErrors } = useFieldsFor(link, (subject) => ({
    url: subject?.url ?? '',
    title: subject?.title ?? '',
    description: subject?.description ?? '',
    folderId: subject?.folderId ?? null,
    tags: subject?.tags ?? [],
  }));

  const submit = () => {
    setShowErrors(true);
    const url = normaliseUrl(fields.url, isHttpUrl);
    if (!link || !url || !fields.title.trim()) return;
    update.mutate({
      link,
      changes: {
        url,
        title: fields.title.trim(),
        description: fields.description.trim() || null,
        folderId: fields.folderId,
        ...(fields.tags && { tags: fields.tags }),
      },
    });
    onClose();
  };

  return (
    <Dialog
      open={link !== null}
      onClose={onClose}
      title="Edit Link"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Save Changes
          </Button>
        </>
      }
    >
      <LinkForm
        formId={formId}
        fields={fields}
        onChange={setFields}
        folders={folders}
        titleRequired
        showErrors={showErrors}
        onSubmit={submit}
      />
    </Dialog>
  );
}
