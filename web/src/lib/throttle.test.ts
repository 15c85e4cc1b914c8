import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and folds the calls of the wait into one run at its end', () => {
    const run = vi.fn();
    const call = throttle(run, 1000);
    call();
    expect(run).toHaveBeenCalledTimes(1);
    call();
    call();
    vi.advanceTimersByTime(999);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs at once again after a quiet spell', () => {
    const run = vi.fn();
    const call = throttle(run, 1000);
    call();
    vi.advanceTimersByTime(5000);
    call();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('drops a waiting run when cancelled', () => {
    const run = vi.fn();
    const call = throttle(run, 1000);
    call();
    call();
    call.cancel();
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
