import { describe, expect, it } from 'vitest';
import { UnexpectedAnswer, answerOf, requestOf } from './calls.js';
import { routes } from './routes.js';

const folder = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Reading',
  color: 'blue',
  parentId: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  linkCount: 3,
  totalCount: 3,
  role: 'owner',
  shared: false,
  ownerName: null,
};

describe('requestOf', () => {
  it("fills the path's values in, encoded, and appends the query's defined fields", () => {
    expect(requestOf(routes.oauthClient, { params: { clientId: 'https://app.example/a b?c' } })).toEqual({
      method: 'GET',
      path: '/api/oauth/clients/https%3A%2F%2Fapp.example%2Fa%20b%3Fc',
      body: undefined,
    });
    expect(
      requestOf(routes.listLinks, {
        query: { limit: 1, url: 'https://x.example/?a=1&b=2', cursor: undefined },
      }).path,
    ).toBe('/api/links?limit=1&url=https%3A%2F%2Fx.example%2F%3Fa%3D1%26b%3D2');
  });

  it('sends a JSON body as it is, and a form route its fields as strings', () => {
    expect(requestOf(routes.createFolder, { body: { name: 'A', color: 'red' } }).body).toEqual({
      name: 'A',
      color: 'red',
    });
    const form = requestOf(routes.decideAuthorization, {
      body: {
        action: 'approve',
        client_id: 'c',
        redirect_uri: 'https://app.example/cb',
        response_type: 'code',
        code_challenge: 'x',
        user_id: folder.id,
        remember_consent: 'true',
        state: undefined,
      },
    }).body;
    expect(form).toBeInstanceOf(URLSearchParams);
    expect(String(form)).toBe(
      `action=approve&client_id=c&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code&code_challenge=x&user_id=${folder.id}&remember_consent=true`,
    );
  });
});

describe('answerOf', () => {
  it('parses an answer with the schema of its status, dropping what the contract does not name', () => {
    expect(answerOf(routes.createFolder, 201, { ...folder, extra: 1 })).toEqual(folder);
    expect(answerOf(routes.deleteFolder, 204, null)).toBeNull();
    expect(answerOf(routes.refresh, 204, null)).toBeNull();
  });

  it('refuses a status or a body outside the contract', () => {
    expect(() => answerOf(routes.createFolder, 200, folder)).toThrow(UnexpectedAnswer);
    expect(() => answerOf(routes.createFolder, 201, { ...folder, linkCount: 'three' })).toThrow(
      UnexpectedAnswer,
    );
    expect(() => answerOf(routes.listFolders, 200, null)).toThrow(UnexpectedAnswer);
  });
});
