import { IMPORT_FORMAT_LABELS } from '../../../../contracts/import-formats.js';
import { useImports } from '../../api/imports';
import { LoadFailed } from '../settings/LoadFailed';
import { SettingsPart } from '../settings/SettingsPart';
import { SettingsSection } from '../settings/SettingsSection';
import { ExportPanel } from './ExportPanel';
import { ImportPanel, useImportFlow } from './ImportPanel';
import { PastImports } from './PastImports';

/** Settings → Import & export (/app/settings#import, where the empty dashboard's "Bring your bookmarks" leads). */
export function ImportExportSection() {
  const imports = useImports();
  const items = imports.data ?? [];
  const flow = useImportFlow(items);

  return (
    <SettingsSection
      id="import"
      title="Import & export"
      description="Bring your bookmarks from a browser or another service, and take your library with you whenever you like."
    >
      <div className="space-y-10">
        <SettingsPart title="Import" description={<SupportedFormats />}>
          <ImportPanel flow={flow} />
        </SettingsPart>
        <SettingsPart title="Past imports">
          {imports.isError ? (
            <LoadFailed what="your past imports" onRetry={() => void imports.refetch()} />
          ) : imports.isPending ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">Loading…</p>
          ) : (
            // The import shown above is left out: it would be shown twice.
            <PastImports items={items.filter((item) => item.id !== flow.shownId)} />
          )}
        </SettingsPart>
        <SettingsPart title="Export" description="Download your library, all of it or one folder.">
          <ExportPanel />
        </SettingsPart>
      </div>
    </SettingsSection>
  );
}

/** The services people come from, in words they know; the exact formats on demand. */
function SupportedFormats() {
  return (
    <>
      <p>
        From Chrome, Firefox, Safari or Edge, Pocket, Raindrop.io, Pinboard, Instapaper, Omnivore, Readwise,
        Linkwarden, Karakeep, wallabag or another Linkvault. Links already in your vault are merged, not
        doubled.
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer font-medium text-brand-700 hover:underline dark:text-brand-100">
          Files Linkvault reads
        </summary>
        <ul className="mt-2 list-disc space-y-0.5 pl-5">
          {Object.values(IMPORT_FORMAT_LABELS).map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      </details>
    </>
  );
}
