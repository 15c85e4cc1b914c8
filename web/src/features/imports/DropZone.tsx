import { type DragEvent, useRef, useState } from 'react';
import { IMPORT_MAX_BYTES } from '../../../../contracts/import-formats.js';
import { Button } from '../../../../ui/components/controls';
import { formatBytes } from '../../../../ui/lib/format';
import { UploadIcon } from '../../../../ui/components/icons';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Where a bookmarks file comes in: dropped on the zone, or chosen with the button (the keyboard's and the
 * phone's way). No `accept` filter: Chrome's profile Bookmarks file has no extension, and the server
 * recognises files by their content anyway.
 */
export function DropZone({ onFile }: { onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const allowDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setOver(true);
  };

  return (
    <div
      onDragEnter={allowDrop}
      onDragOver={allowDrop}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      }}
      className={`flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors ${
        over
          ? 'border-brand-500 bg-brand-50 dark:bg-brand-500/10'
          : 'border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900'
      }`}
    >
      <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-100">
        <UploadIcon className="size-6" />
      </span>
      <p className="mt-4 text-sm font-medium text-slate-900 dark:text-white">
        <span className="pointer-coarse:hidden">Drop your bookmarks file here</span>
        <span className="hidden pointer-coarse:inline">Choose your bookmarks file</span>
      </p>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        HTML, CSV, JSON or ZIP, up to {formatBytes(IMPORT_MAX_BYTES)}
      </p>
      <Button variant="secondary" className="mt-5" onClick={() => input.current?.click()}>
        Choose a file
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label="Bookmarks file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so that choosing the same file again (after discarding it) is a change too.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
