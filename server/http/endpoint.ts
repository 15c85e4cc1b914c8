import type { z } from 'zod';
import type { Method, Route } from '../../contracts/index.js';

type Schema<R extends Route, K extends string> = R extends { [key in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/** The Fastify schema of a contract route: what the route takes, and its answers beside its errors. */
interface EndpointSchema<R extends Route, E> {
  tags: string[];
  description?: string;
  consumes?: string[];
  params: Schema<R, 'params'>;
  querystring: Schema<R, 'query'>;
  body: Schema<R, 'body'>;
  response: R['answers'] & E;
}

/**
 * Where and how Fastify serves a route of contracts/routes.ts (method, URL, schema), so that validation,
 * the answers' serialization and the OpenAPI document all come from the one declaration the clients use.
 */
export function endpoint<R extends Route, E extends Record<number, z.ZodType>>(
  route: R,
  {
    errors,
    tags,
    description,
    consumes,
  }: { errors: E; tags: string[]; description?: string; consumes?: string[] },
): { method: Method; url: string; schema: EndpointSchema<R, E> } {
  const schema = {
    tags,
    ...(description !== undefined && { description }),
    ...(consumes !== undefined && { consumes }),
    ...(route.params && { params: route.params }),
    ...(route.query && { querystring: route.query }),
    ...(route.body && { body: route.body }),
    response: { ...route.answers, ...errors },
  };
  // The parts a route does not declare are left out, not set to undefined (Fastify's schema keys).
  return { method: route.method, url: route.path, schema: schema as EndpointSchema<R, E> };
}
