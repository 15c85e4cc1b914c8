import { describe, expect, it } from 'vitest';
import { anchorSpan, describeSpan, parsePosition } from './text-quote.js';

const TEXT = 'The fox ran. A quick brown fox jumps. Later, the quick brown fox sleeps under a tree.';
const second = TEXT.lastIndexOf('quick brown fox');
const span = { start: second, end: second + 'quick brown fox'.length };

describe('text quote and position selectors', () => {
  it('describes a span with its exact text, 32 characters either side and its offsets', () => {
    expect(describeSpan(TEXT, span)).toEqual({
      selector: [
        {
          type: 'TextQuoteSelector',
          exact: 'quick brown fox',
          prefix: TEXT.slice(second - 32, second),
          suffix: ' sleeps under a tree.',
        },
        { type: 'TextPositionSelector', start: span.start, end: span.end },
      ],
    });
  });

  it('finds the span again at its position on the same page', () => {
    expect(anchorSpan(TEXT, describeSpan(TEXT, span))).toEqual(span);
  });

  it('finds the right one of repeated phrases by its context when text was added before it', () => {
    const changed = `Breaking: an update. ${TEXT}`;
    const found = anchorSpan(changed, describeSpan(TEXT, span));
    expect(found).toEqual({ start: span.start + 21, end: span.end + 21 });
  });

  it('gives up when the text is gone', () => {
    expect(anchorSpan('Nothing about animals.', describeSpan(TEXT, span))).toBeNull();
  });

  it('reads positionData back and refuses what is not a highlight position', () => {
    const position = describeSpan(TEXT, span);
    expect(parsePosition(JSON.parse(JSON.stringify(position)))).toEqual(position);
    expect(parsePosition({ selector: [{ type: 'TextQuoteSelector', exact: 'fox' }] })).toEqual({
      selector: [
        { type: 'TextQuoteSelector', exact: 'fox', prefix: '', suffix: '' },
        { type: 'TextPositionSelector', start: -1, end: -1 },
      ],
    });
    for (const value of [null, 'x', { start: 1 }, { selector: [] }]) expect(parsePosition(value)).toBeNull();
  });
});
