import { Fragment } from 'react';
import type { Import } from '../../../../contracts/index.js';
import { importCounts } from './importText';

/**
 * "4,812 added, 188 already saved, 3 skipped", each count kept whole when the line wraps on a narrow
 * screen, so that no number is parted from its word.
 */
export function ImportCounts({ item }: { item: Pick<Import, 'created' | 'merged' | 'skipped'> }) {
  const counts = importCounts(item);
  return counts.map((count, index) => (
    <Fragment key={count}>
      {index > 0 && ' '}
      <span className="whitespace-nowrap">
        {count}
        {index < counts.length - 1 && ','}
      </span>
    </Fragment>
  ));
}
