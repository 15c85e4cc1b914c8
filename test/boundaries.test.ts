import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const project = new ESLint({ cwd: ROOT });

/**
 * The errors the repository's own lint configuration (eslint.config.js) gives `source` as if it were the
 * file at `path`: only its import rule is run, so that the file need not exist for type-aware rules.
 */
async function importErrors(path: string, source: string): Promise<string[]> {
  const config = (await project.calculateConfigForFile(join(ROOT, path))) as Linter.Config;
  const rule = config.rules?.['no-restricted-imports'];
  const linter = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser },
      rules: rule ? { 'no-restricted-imports': rule } : {},
    },
  });
  const [result] = await linter.lintText(source, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).map((message) => message.message);
}

const FORBIDDEN: [string, string][] = [
  ['web/src/features/links/Example.ts', "import { buildApp } from '../../../../server/app.js';"],
  [
    'extension/src/popup/Example.ts',
    "import { Sidebar } from '../../../web/src/features/dashboard/Sidebar';",
  ],
  ['ui/components/Example.ts', "import { App } from '../../web/src/App';"],
  ['ui/lib/Example.ts', "import { loadConfig } from '../../server/config.js';"],
  ['contracts/example.ts', "import { newId } from '../server/lib/ids.js';"],
  ['server/db/example.ts', "import { LinksRepository } from '../library/links.repository.js';"],
  ['server/db/migrations/0099_example.ts', "import { IngestQueue } from '../../queue/ingest-queue.js';"],
  ['server/search/example.ts', "import { up } from '../db/migrations/0001_initial.js';"],
  ['server/library/example.ts', "import { Enricher } from '../enrich/enricher.js';"],
  ['server/library/example.ts', "import { up } from '../db/migrations/0001_initial.js';"],
  ['server/queue/example.ts', "import { LinksRepository } from '../library/links.repository.js';"],
];

const ALLOWED: [string, string][] = [
  ['web/src/features/links/Example.ts', "import { Spinner } from '../../../../ui/components/Spinner';"],
  ['extension/src/popup/Example.ts', "import type { Link } from '../../../contracts/index.js';"],
  ['contracts/example.ts', "import { z } from 'zod';"],
  ['server/library/example.ts', "import { RANKED_PREFIX_CHARS } from '../db/schema.js';"],
  [
    'server/enrich/example.ts',
    "import { LinkEnrichmentRepository } from '../library/link-enrichment.repository.js';",
  ],
  ['server/library/example.ts', "import type { IngestQueue } from '../queue/ingest-queue.js';"],
  ['server/db/migrate.ts', "import * as initial from './migrations/0001_initial.js';"],
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(FORBIDDEN)('refuses in %s: %s', async (path, source) => {
    expect(await importErrors(path, source)).toHaveLength(1);
  });

  it.each(ALLOWED)('allows in %s: %s', async (path, source) => {
    expect(await importErrors(path, source)).toEqual([]);
  });
});
