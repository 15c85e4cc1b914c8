import type { TestProject } from 'vitest/node';
import { ensureWebBuild } from './build-web.js';
import { findChromium } from './chromium.js';

export interface E2EEnvironment {
  /** Chromium to drive, or null when none was found: the e2e files skip, or fail under E2E_REQUIRED=1. */
  chromium: string | null;
  /** Why there is no browser. */
  missing: string | null;
  /** The built web app the test servers serve. */
  webDist: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2EEnvironment;
  }
}

/** Runs once before the e2e files: finds Chromium and builds the web app they test (build-web.ts). */
export default function setup(project: TestProject): void {
  let chromium: string | null = null;
  let missing =
    'Chromium was not found (set CHROMIUM_PATH or put `chromium` on the PATH; on Debian: apt-get install chromium).';
  try {
    chromium = findChromium();
  } catch (error) {
    missing = (error as Error).message;
  }
  if (!chromium) {
    const line = '!'.repeat(100);
    const consequence =
      process.env.E2E_REQUIRED === '1'
        ? 'E2E_REQUIRED=1: every browser test FAILS.'
        : 'The browser tests are SKIPPED (CI sets E2E_REQUIRED=1, where this is a failure).';
    console.warn(`\n${line}\n!! NO BROWSER: ${missing}\n!! ${consequence}\n${line}\n`);
    project.provide('e2e', { chromium: null, missing, webDist: '' });
    return;
  }
  project.provide('e2e', { chromium, missing: null, webDist: ensureWebBuild() });
}
