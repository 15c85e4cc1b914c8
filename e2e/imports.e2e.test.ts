import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXPORT_EXTENSIONS, EXPORT_FORMATS, type Import } from '../contracts/index.js';
import { CHROME_EXPORT, fileWithRepeatsAndSkips, netscapeFile, numberedBookmarks } from './bookmark-files.js';
import { type TestUser, describeE2E, expectPath, expectText, expectVisible, useE2E } from './harness.js';

/**
 * Settings → Import & export: a real browser export imported through the file picker and
 * followed to its result, a file that is not bookmarks, cancelling a big import, the skipped list, and
 * every export as a download. The e2e server runs no background work by itself: the import runner is
 * started here (enrichment stays off, so imported links simply wait in the queue).
 */
/** What a drop is made of, in the page (e2e/ is type-checked without the DOM library: see harness Browser). */
interface DropGlobals {
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: string[], name: string, options: { type: string }) => unknown;
}

describeE2E('import and export', () => {
  const e2e = useE2E();

  beforeAll(async () => {
    await e2e.services.importRunner.start();
  });
  afterAll(async () => {
    await e2e.services.importRunner.stop();
  });

  const section = (page: Page) => page.getByRole('region', { name: 'Import & export' });
  const imports = (user: TestUser) =>
    user.api.request<{ items: Import[] }>('GET', '/api/imports').then((r) => r.items);

  async function openSettings(user: TestUser) {
    const page = await e2e.newPage();
    await e2e.signIn(page, user, '/app/settings#import');
    await expectVisible(section(page).getByRole('button', { name: 'Choose a file' }));
    return page;
  }

  /** Completes when the download has been saved; its name is the one the browser was given. */
  async function downloadBy(page: Page, click: () => Promise<void>): Promise<Download> {
    const [download] = await Promise.all([page.waitForEvent('download'), click()]);
    return download;
  }

  it('imports a browser export from the empty dashboard’s "Bring your bookmarks", live to its result', async () => {
    const user = await e2e.createUser();
    const page = await e2e.newPage();
    await e2e.signIn(page, user, '/app');
    await page.getByRole('link', { name: 'Bring your bookmarks' }).click();
    await expectPath(page, '/app/settings');
    expect(new URL(page.url()).hash).toBe('#import');

    await section(page).getByLabel('Bookmarks file').setInputFiles(CHROME_EXPORT);
    // Before anything is sent: the file's name, size and what Linkvault sees in it.
    await expectVisible(section(page).getByText('bookmarks-converter--chrome.html'));
    await expectVisible(section(page).getByText(/^\d+(\.\d)? KB$/));
    await expectVisible(
      section(page).getByText('Recognised as Bookmark HTML file (every browser and most services)'),
    );
    expect(await imports(user)).toEqual([]);

    await section(page).getByRole('button', { name: 'Start import' }).click();
    // The counts show while it runs too; the way to the links appears only once it is done.
    await expectVisible(section(page).getByRole('link', { name: 'Go to your links' }));
    const result = section(page).getByText(/^[\d,]+ added, [\d,]+ already saved, [\d,]+ skipped$/);
    await expectVisible(result);

    // The line says what the server counted, and the server counted every bookmark of the file (read
    // here on its own: each <A HREF> is one).
    const [done] = await imports(user);
    expect(done).toMatchObject({
      status: 'done',
      format: 'netscape',
      fileName: 'bookmarks-converter--chrome.html',
    });
    expect(await result.innerText()).toBe(
      `${done!.created} added, ${done!.merged} already saved, ${done!.skipped} skipped`,
    );
    const inFile = readFileSync(CHROME_EXPORT, 'utf8').match(/<A\s[^>]*HREF=/gi)?.length;
    expect(done!.created + done!.merged + done!.skipped).toBe(inFile);
    expect(done!.created).toBeGreaterThan(0);

    // The dashboard shows what came in: the file's folders (a sub-folder inside its folder) and its links.
    const folders = await user.api.folders();
    const bar = folders.find((f) => f.name === 'Bookmarks bar');
    expect(folders.find((f) => f.name === 'Mozilla Firefox')?.parentId).toBe(bar?.id);
    await section(page).getByRole('link', { name: 'Go to your links' }).click();
    await expectPath(page, '/app');
    const library = page.getByRole('navigation', { name: 'Library' });
    await expectVisible(library.getByRole('link', { name: /^Mozilla Firefox/ }));
    // Newest first by the file's dates (ADD_DATE): the latest bookmark of the file leads the list.
    await expectVisible(
      page.getByRole('article', { name: 'Learn to Code - for Free | Codecademy', exact: true }),
    );

    // Back in settings, the import is listed with its format, date and counts.
    await page.goBack();
    const row = section(page).getByRole('listitem', { name: 'bookmarks-converter--chrome.html' });
    await expectVisible(row);
    const dated = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(done!.createdAt));
    await expectText(row, new RegExp(`Bookmark HTML file.*${dated}`, 's'));
    await expectText(row, /Done/);
    await expectText(row, new RegExp(`${done!.created} added`));
  });

  it('says which files it reads when a file is not bookmarks, and imports nothing', async () => {
    const user = await e2e.createUser();
    const page = await openSettings(user);
    // Dropped, as from the desktop: a DataTransfer made in the page carries the file.
    const dataTransfer = await page.evaluateHandle(() => {
      const { DataTransfer, File } = globalThis as unknown as DropGlobals;
      const dt = new DataTransfer();
      dt.items.add(new File(['Milk\nEggs\nBread\n'], 'shopping-list.txt', { type: 'text/plain' }));
      return dt;
    });
    const zone = section(page).getByText('Drop your bookmarks file here');
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await expectVisible(section(page).getByText('shopping-list.txt'));
    await expectVisible(section(page).getByText(/Not a format Linkvault recognises at a glance/));

    await section(page).getByRole('button', { name: 'Start import' }).click();
    const alert = section(page).getByRole('alert');
    await expectText(alert, /Linkvault cannot read this file\./);
    await expectVisible(alert.getByRole('listitem').filter({ hasText: 'Pocket export (CSV or its ZIP)' }));
    expect(await imports(user)).toEqual([]);
  });

  it('cancels a big import while it runs; what it brought in stays', async () => {
    const user = await e2e.createUser();
    const page = await openSettings(user);
    const folders = Array.from({ length: 60 }, (_, n) => ({
      name: `Folder ${n + 1}`,
      bookmarks: numberedBookmarks(1000, n * 1000 + 1),
    }));
    await section(page)
      .getByLabel('Bookmarks file')
      .setInputFiles({ name: 'everything.html', mimeType: 'text/html', buffer: netscapeFile(folders) });
    await section(page).getByLabel('Enrich imported links').uncheck();
    await section(page).getByRole('button', { name: 'Start import' }).click();

    await expectVisible(section(page).getByRole('progressbar', { name: 'Import progress' }));
    await section(page).getByRole('button', { name: 'Cancel import' }).click();
    await expectVisible(section(page).getByText('Import cancelled. What it brought in stays in your vault.'));
    const [cancelled] = await imports(user);
    expect(cancelled!.status).toBe('cancelled');
    expect(cancelled!.processed).toBeLessThan(60_000);
    expect((await user.api.request<{ links: number }>('GET', '/api/stats')).links).toBe(cancelled!.created);
  });

  it('downloads the skipped entries of an import as CSV', async () => {
    const user = await e2e.createUser();
    const page = await openSettings(user);
    await section(page)
      .getByLabel('Bookmarks file')
      .setInputFiles({ name: 'with-skips.html', mimeType: 'text/html', buffer: fileWithRepeatsAndSkips() });
    await section(page).getByRole('button', { name: 'Start import' }).click();
    await expectVisible(
      section(page).getByText('4,812 added, 188 already saved, 3 skipped', { exact: true }),
    );

    const download = await downloadBy(page, () =>
      section(page).getByRole('button', { name: 'Download skipped list' }).click(),
    );
    expect(download.suggestedFilename()).toMatch(/^linkvault-import-skipped-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    const rows = csv.trim().split(/\r?\n/);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toBe('position,url,reason');
    expect(csv).toContain('javascript:alert(1)');
    expect(csv).toContain('place:sort=8&maxResults=10');

    // Done with it: the drop zone is back, and the import waits in the list with its own skipped list.
    await section(page).getByRole('button', { name: 'Import another file' }).click();
    await expectVisible(section(page).getByRole('button', { name: 'Choose a file' }));
    const row = section(page).getByRole('listitem', { name: 'with-skips.html' });
    await expectText(row, /4,812 added, 188 already saved, 3 skipped/);
    const again = await downloadBy(page, () =>
      row.getByRole('button', { name: 'Download the skipped list of with-skips.html' }).click(),
    );
    expect(again.suggestedFilename()).toBe(download.suggestedFilename());
  });

  it('downloads each export, of everything or of one folder, named by the date', async () => {
    const user = await e2e.createUser();
    const folder = await user.api.folder('Reading list');
    await user.api.link({ url: 'https://example.com/kept', title: 'Kept', folderId: folder.id });
    await user.api.link({ url: 'https://example.com/loose', title: 'Loose' });
    const page = await openSettings(user);
    const today = new Date().toISOString().slice(0, 10);

    for (const format of EXPORT_FORMATS) {
      const name = { json: 'JSON', html: 'HTML', csv: 'CSV', markdown: 'Markdown' }[format];
      const download = await downloadBy(page, () =>
        section(page)
          .getByRole('button', { name: `Download ${name}` })
          .click(),
      );
      expect(download.suggestedFilename()).toBe(`linkvault-${today}.${EXPORT_EXTENSIONS[format]}`);
      expect(await download.failure()).toBeNull();
    }

    await section(page).getByLabel('Folder').selectOption({ label: 'Reading list' });
    const csv = await downloadBy(page, () =>
      section(page).getByRole('button', { name: 'Download CSV' }).click(),
    );
    const text = readFileSync(await csv.path(), 'utf8');
    expect(text).toContain('https://example.com/kept');
    expect(text).not.toContain('https://example.com/loose');
  });
});
