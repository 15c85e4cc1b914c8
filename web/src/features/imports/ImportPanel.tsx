import { useState } from 'react';
import type { Import } from '../../../../contracts/index.js';
import { isActive } from '../../api/imports';
import { DropZone } from './DropZone';
import { ImportProgress } from './ImportProgress';
import { ImportSetup } from './ImportSetup';

export type ImportFlow = ReturnType<typeof useImportFlow>;

/**
 * Where the person is in an import: a chosen file not yet sent, or the import being followed (its id). An
 * import already running when the page opens (started in another tab, or before a reload) is followed
 * too, and stays shown once it ends, with its result, until the person moves on.
 */
export function useImportFlow(imports: Import[]) {
  const [file, setFile] = useState<File | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const running = imports.find(isActive);
  if (!shownId && !file && running) setShownId(running.id);
  return { file, setFile, shownId, setShownId, shown: imports.find((item) => item.id === shownId) };
}

/** The import's three moments: choosing a file (the drop zone), checking it before it is sent, following it. */
export function ImportPanel({ flow }: { flow: ImportFlow }) {
  const { file, setFile, setShownId, shown } = flow;
  if (shown) return <ImportProgress item={shown} onDismiss={() => setShownId(null)} />;
  if (file) {
    return (
      <ImportSetup
        key={`${file.name} ${file.size} ${file.lastModified}`}
        file={file}
        onDiscard={() => setFile(null)}
        onStarted={(started) => {
          setShownId(started.id);
          setFile(null);
        }}
      />
    );
  }
  return <DropZone onFile={setFile} />;
}
