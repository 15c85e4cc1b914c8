import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { zipSync } from 'fflate';
import { type InlineConfig, build } from 'vite';

/**
 * Builds the browser extension into dist/extension and packs it as dist/linkvault-extension.zip (part of
 * `npm run build`). Three Vite builds: the popup and options pages (ES modules, as extension pages load
 * them), then the background and content scripts, each one self-contained IIFE file: content scripts cannot
 * import modules, and Firefox loads the background as a classic script (`background.scripts`).
 */

const HERE = import.meta.dirname;
const SRC = join(HERE, 'src');
const ROOT = resolve(HERE, '..');
export const EXTENSION_DIR = join(ROOT, 'dist', 'extension');
export const EXTENSION_ZIP = join(ROOT, 'dist', 'linkvault-extension.zip');
/** The built web app, which offers the zip for download on its "Save from anywhere" page. */
const WEB_DIST = join(ROOT, 'dist', 'web');

const common: InlineConfig = {
  configFile: false,
  root: SRC,
  logLevel: 'warn',
  mode: 'production',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
};

export async function buildExtension(
  outDir = EXTENSION_DIR,
  zipPath: string | null = EXTENSION_ZIP,
): Promise<void> {
  await build({
    ...common,
    base: './',
    plugins: [react(), tailwindcss()],
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: {
        input: { popup: join(SRC, 'popup/popup.html'), options: join(SRC, 'options/options.html') },
      },
    },
  });
  for (const name of ['background', 'content']) {
    await build({
      ...common,
      build: {
        outDir,
        emptyOutDir: false,
        lib: {
          entry: join(SRC, name, 'main.ts'),
          formats: ['iife'],
          name: `linkvault_${name}`,
          fileName: () => `${name}.js`,
        },
      },
    });
  }
  cpSync(join(HERE, 'manifest.json'), join(outDir, 'manifest.json'));
  cpSync(join(HERE, 'icons'), join(outDir, 'icons'), { recursive: true });
  cpSync(join(SRC, 'content', 'highlights.css'), join(outDir, 'content.css'));
  if (zipPath) writeZip(outDir, zipPath);
}

/** The zip a browser accepts (Firefox: about:debugging, "Load Temporary Add-on"): the manifest at its root. */
function writeZip(dir: string, zipPath: string): void {
  const files: Record<string, Uint8Array> = {};
  const visit = (path: string) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) visit(join(path, name));
    else files[relative(dir, path).split('\\').join('/')] = readFileSync(path);
  };
  visit(dir);
  mkdirSync(dirname(zipPath), { recursive: true });
  // A fixed time for every entry keeps the zip the same from one build of the same sources to the next.
  writeFileSync(zipPath, zipSync(files, { level: 9, mtime: new Date('2025-01-01T00:00:00Z') }));
}

/** `tsx extension/build.ts` builds and packs into dist/; `tsx extension/build.ts <dir>` only builds into <dir>. */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = process.argv[2];
  if (outDir) await buildExtension(resolve(outDir), null);
  else {
    await buildExtension();
    if (existsSync(WEB_DIST)) cpSync(EXTENSION_ZIP, join(WEB_DIST, 'linkvault-extension.zip'));
  }
}
