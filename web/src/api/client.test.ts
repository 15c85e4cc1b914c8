import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_HINT_COOKIE, SESSION_PROBE_HEADER } from '../../../contracts/constants.js';
import type { Session } from '../../../contracts/index.js';
import { api, attachmentName } from './client';

describe('attachmentName', () => {
  it('reads the file name the server gives a download', () => {
    expect(attachmentName('attachment; filename="linkvault-2025-10-20.zip"')).toBe(
      'linkvault-2025-10-20.zip',
    );
    expect(attachmentName('ATTACHMENT; FILENAME="linkvault-import-skipped-2025-10-20.csv"')).toBe(
      'linkvault-import-skipped-2025-10-20.csv',
    );
  });

  it('has none without a header or a name in it', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName('attachment; filename=""')).toBeNull();
  });
});

describe('api.refresh: asking for a session', () => {
  const session: Session = {
    access_token: 'a',
    refresh_token: 'r',
    expires_in: 3600,
    expires_at: 1_900_000_000,
    token_type: 'bearer',
    user: { id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.com', name: 'Ada', role: 'user' },
  };
  let cookie = '';
  let stored: Map<string, string>;
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    cookie = '';
    stored = new Map();
    fetchMock.mockReset();
    vi.stubGlobal('document', {
      get cookie() {
        return cookie;
      },
    });
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    api.setSession(null);
  });

  const probes = () =>
    fetchMock.mock.calls.map(([url, init]) => [url, new Headers(init?.headers).get(SESSION_PROBE_HEADER)]);

  it('asks a browser without the hint once, as a probe, whatever the answer; then never', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect(await api.refresh()).toBeNull();
    expect(await api.refresh()).toBeNull();
    expect(probes()).toEqual([['/api/auth/refresh', '1']]);
  });

  it('signs in a browser signed in before the hint existed (only the refresh cookie)', async () => {
    fetchMock.mockResolvedValueOnce(Response.json(session));
    expect(await api.refresh()).toEqual(session);
    expect(api.current).toEqual(session);
  });

  it('asks whenever the hint is there', async () => {
    cookie = `other=x; ${SESSION_HINT_COOKIE}=1`;
    fetchMock.mockImplementation(() => Promise.resolve(Response.json(session)));
    await api.refresh();
    await api.refresh();
    expect(probes()).toEqual([
      ['/api/auth/refresh', '1'],
      ['/api/auth/refresh', '1'],
    ]);
  });
});
