import { describe, expect, it } from 'vitest';
import { downloads, routes } from '../../contracts/index.js';
import { useTestApp } from '../../test/app.js';

describe('the route table (contracts/routes.ts)', () => {
  const ctx = useTestApp();

  it.each(Object.entries({ ...routes, ...downloads }))('is served: %s', (_name, route) => {
    expect(ctx.app.hasRoute({ method: route.method, url: route.path })).toBe(true);
  });
});
