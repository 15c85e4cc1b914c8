import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { testDialect } from '../../test/database.js';
import { RANKED_PREFIX_CHARS } from '../db/schema.js';

describe.skipIf(testDialect() !== 'postgres')('the "starts with" tier and its prefix indexes', () => {
  const ctx = useTestApp();

  it('queries the very expression each prefix index holds', async () => {
    const { rows } = await sql<{ indexdef: string }>`
      SELECT indexdef FROM pg_indexes WHERE indexname IN ('links_title_prefix', 'snippets_selected_text_prefix')
    `.execute(ctx.database.db);
    expect(rows).toHaveLength(2);
    for (const { indexdef } of rows) expect(indexdef).toMatch(new RegExp(`, ${RANKED_PREFIX_CHARS}\\)\\)`));
  });

  // Migration 0020: a move or a mark of links (an update of an indexed column) writes no trigram.
  it("keeps the trigram indexes of links' searched fields off links", async () => {
    const { rows } = await sql<{ tablename: string; indexname: string }>`
      SELECT tablename, indexname FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%' AND tablename LIKE 'link%'
      ORDER BY indexname
    `.execute(ctx.database.db);
    expect(rows).toEqual(
      ['description', 'title', 'url'].map((column) => ({
        tablename: 'link_search_fields',
        indexname: `link_search_fields_${column}_trgm`,
      })),
    );
  });
});
