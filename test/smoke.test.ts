import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from './app.js';

describe('smoke', () => {
  const ctx = useTestApp();
  it('signs up, creates a folder and a link, searches', async () => {
    const { app } = ctx;
    const s = await signUp(app);
    const f = await app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: s.auth,
      payload: { name: 'Reading', color: 'blue' },
    });
    expect(f.statusCode).toBe(201);
    const l = await app.inject({
      method: 'POST',
      url: '/api/links',
      headers: s.auth,
      payload: { url: 'https://www.example.com/post', folderId: f.json().id },
    });
    expect(l.statusCode, l.body).toBe(201);
    expect(l.json().title).toBe('Example.com');
    const q = await app.inject({ method: 'GET', url: '/api/search?q=EXAMP', headers: s.auth });
    expect(q.json().links).toHaveLength(1);
    const q2 = await app.inject({ method: 'GET', url: '/api/links?q=po', headers: s.auth });
    expect(q2.json().items).toHaveLength(1);
    const st = await app.inject({ method: 'GET', url: '/api/stats', headers: s.auth });
    expect(st.json()).toEqual({ links: 1, uncategorized: 0, snippets: 0, folders: { [f.json().id]: 1 } });
    const o = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(o.statusCode, o.body.slice(0, 500)).toBe(200);
  });
});
