import { BookmarkletButton } from '../features/capture/BookmarkletButton';
import { ReadOnlyField } from '../features/capture/ReadOnlyField';
import { Card, Steps } from '../features/capture/Steps';
import { SubPageLayout } from '../components/SubPageLayout';
import { SettingsSection } from '../features/settings/SettingsSection';

/**
 * /app/capture, "Save from anywhere": the browser extension, the bookmarklet, and saving from a phone
 * (the installed app's share target on Android, a Shortcut on iOS).
 */
export function CapturePage() {
  const origin = window.location.origin;
  return (
    <SubPageLayout
      title="Save from anywhere"
      intro="Keep links and highlights from wherever you read: your browser, any page, your phone."
    >
      <SettingsSection
        id="extension"
        title="Browser extension"
        description="Save the page you are on in one click (Alt+Shift+S), highlight text in five colours with a note, and see your highlights again when you come back. Works offline and syncs later. For Chrome, Edge, Brave and Firefox."
      >
        <div className="space-y-4">
          <Card title="Install">
            <Steps>
              <li>
                <a
                  href="/linkvault-extension.zip"
                  download
                  className="font-medium text-brand-700 hover:underline dark:text-brand-100"
                >
                  Download the extension
                </a>{' '}
                (a zip file).
              </li>
              <li>
                Chrome, Edge or Brave: unzip it, open{' '}
                <code className="text-[0.8125rem]">chrome://extensions</code>, turn on Developer mode and
                choose <em>Load unpacked</em> with the unzipped folder.
              </li>
              <li>
                Firefox: open <code className="text-[0.8125rem]">about:debugging#/runtime/this-firefox</code>{' '}
                and choose <em>Load Temporary Add-on</em> with the zip file.
              </li>
              <li>
                Open the extension, and sign in with this address and your Linkvault e-mail and password.
              </li>
            </Steps>
            <ReadOnlyField label="Your Linkvault address" value={origin} />
          </Card>
        </div>
      </SettingsSection>

      <SettingsSection
        id="bookmarklet"
        title="Bookmarklet"
        description="No extension? A bookmark that saves the page you are on, and any text you selected on it as a snippet. It opens a small Linkvault window that saves with your session, so it works on pages that block other sites' scripts, and the page never sees your account."
      >
        <Card title="Add it to your bookmarks bar">
          <BookmarkletButton />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Bookmarks bar hidden? Show it with Ctrl+Shift+B (⌘+Shift+B on a Mac).
          </p>
        </Card>
      </SettingsSection>

      <SettingsSection id="phone" title="From your phone" description="Save from any app's Share button.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Card title="Android">
            <Steps>
              <li>Open Linkvault in Chrome and sign in.</li>
              <li>
                From the menu choose <em>Install app</em> (or <em>Add to Home screen</em>).
              </li>
              <li>
                In any app, tap <em>Share</em> and pick <strong>Linkvault</strong>. The link is saved at once.
              </li>
            </Steps>
          </Card>
          <Card title="iPhone and iPad">
            <Steps>
              <li>Open Linkvault in Safari and sign in.</li>
              <li>
                In the Shortcuts app, make a shortcut that receives <em>URLs</em> from the Share Sheet and
                opens this address with the shared URL, encoded, at the end:
              </li>
            </Steps>
            <ReadOnlyField label="Shortcut address" value={`${origin}/share?url=`} />
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Sharing to the shortcut opens Linkvault in Safari, which saves the page with your session: no
              password or key is kept in the shortcut.
            </p>
          </Card>
        </div>
      </SettingsSection>
    </SubPageLayout>
  );
}
