import { accessSync, constants, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { type BrowserContext, type LaunchOptions, chromium } from 'playwright-core';

/** Debian's Chromium, headless, as DESIGN.md "Tests and measurements" describes; shared by e2e/ and bench/. */

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** CHROMIUM_PATH, else `chromium` (or `chromium-browser`) on the PATH; null when there is none. */
export function findChromium(): string | null {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    if (isExecutable(explicit)) return explicit;
    throw new Error(`CHROMIUM_PATH=${explicit} is not an executable file`);
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * A browser on an empty profile of its own (launchPersistentContext with a fresh directory, not
 * --user-data-dir in the arguments), removed again by close().
 */
export async function launchChromium(
  executablePath: string,
  options: Omit<Parameters<typeof chromium.launchPersistentContext>[1], keyof LaunchOptions> = {},
  extraArgs: readonly string[] = [],
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'lv-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...options,
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
