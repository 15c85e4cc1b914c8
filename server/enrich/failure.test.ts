import { describe, expect, it } from 'vitest';
import { HttpStatusError } from './enricher.js';
import { describeFailure } from './failure.js';
import { FetchRefused } from '../fetch/safe-fetcher.js';

const systemError = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('describeFailure: why an attempt failed, in words', () => {
  it.each([
    [new HttpStatusError(403), 'refused', 'The site refused the request (403)', false],
    [new HttpStatusError(401), 'refused', 'The site refused the request (401)', false],
    [new HttpStatusError(451), 'refused', 'The site refused the request (451)', true],
    [new HttpStatusError(404), 'gone', 'The page is gone (404)', true],
    [new HttpStatusError(410), 'gone', 'The page is gone (410)', true],
    [new HttpStatusError(502), 'site_error', 'The site failed to answer (502)', false],
    [
      systemError('ENOTFOUND', 'getaddrinfo ENOTFOUND nowhere.example'),
      'no_such_site',
      'No such site',
      false,
    ],
    [
      new Error('fetch failed', { cause: systemError('ECONNREFUSED') }),
      'unreachable',
      'The site could not be reached',
      false,
    ],
    [systemError('EAI_AGAIN'), 'unreachable', 'The site could not be reached', false],
    [systemError('UND_ERR_HEADERS_TIMEOUT'), 'timed_out', 'Timed out', false],
    [
      new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      'timed_out',
      'Timed out',
      false,
    ],
    [
      new FetchRefused({ reason: 'not_web_page', message: 'Not a web page' }),
      'not_web_page',
      'Not a web page',
      true,
    ],
    [new Error('Unexpected token in worker'), 'unreadable', 'The page could not be read', false],
    ['a thrown string', 'unreadable', 'The page could not be read', false],
  ])('%s: %s, "%s", permanent %s', (err, reason, message, permanent) => {
    expect(describeFailure(err)).toEqual({ reason, message, permanent });
  });
});
