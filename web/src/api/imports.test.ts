import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Import } from '../../../contracts/index.js';
import { importEventHandler, importKeys, supersedes } from './imports';

const running = (processed: number, created = processed): Import => ({
  id: 'imp1',
  status: 'running',
  format: 'netscape',
  fileName: 'bookmarks.html',
  total: 1000,
  processed,
  created,
  merged: 0,
  skipped: 0,
  error: null,
  createdAt: '2025-10-20T10:00:00.000Z',
  finishedAt: null,
});
const done = (): Import => ({ ...running(1000), status: 'done', finishedAt: '2025-10-20T10:01:00.000Z' });

describe('supersedes', () => {
  it('takes later counts and the end of an import, never an older copy', () => {
    expect(supersedes(undefined, running(0))).toBe(true);
    expect(supersedes(running(250), running(500))).toBe(true);
    expect(supersedes(running(500), running(250))).toBe(false);
    expect(supersedes(running(500), done())).toBe(true);
    expect(supersedes(done(), running(750))).toBe(false);
    expect(supersedes(done(), { ...done(), status: 'cancelled' })).toBe(true);
  });
});

describe('the import event', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setUp(items: Import[]) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(importKeys.all, items);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    return { queryClient, invalidate, handle: importEventHandler(queryClient) };
  }

  it('updates the list, and refetches the library as links land, at most every few seconds', () => {
    const { queryClient, invalidate, handle } = setUp([running(0)]);
    for (let batch = 1; batch <= 4; batch++) handle(running(batch * 250));
    expect(queryClient.getQueryData<Import[]>(importKeys.all)).toEqual([running(1000)]);
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3000);
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['library'] });
    handle.stop();
  });

  it('ignores an older copy that arrives late', () => {
    const { queryClient, handle } = setUp([done()]);
    handle(running(750));
    expect(queryClient.getQueryData<Import[]>(importKeys.all)).toEqual([done()]);
    handle.stop();
  });

  it('adds an import started elsewhere at the top of the list', () => {
    const other = { ...done(), id: 'imp0' };
    const { queryClient, handle } = setUp([other]);
    handle(running(0));
    expect(queryClient.getQueryData<Import[]>(importKeys.all)?.map((item) => item.id)).toEqual([
      'imp1',
      'imp0',
    ]);
    handle.stop();
  });
});
