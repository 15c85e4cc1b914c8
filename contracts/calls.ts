import type { z } from 'zod';
import { type CallError } from './call-error.js';
import { errorAnswerSchema } from './errors.js';
import type { Method, Route } from './routes.js';

type Part<R, K extends string, Name extends string> = R extends { [key in K]: infer S extends z.ZodType }
  ? { [key in Name]: z.input<S> }
  : { [key in Name]?: never };

/** What a call of `R` is given: its path's values, its query and its body, as its schemas take them. */
export type CallInput<R extends Route> = Part<R, 'params', 'params'> &
  Part<R, 'query', 'query'> &
  (R extends { body: infer S extends z.ZodType } ? { body: z.input<S> } : { body?: FormData });

/** What a successful call of `R` answers: one of its answers' schemas, parsed. */
export type Answer<R extends Route> = {
  [S in keyof R['answers']]: R['answers'][S] extends z.ZodType ? z.output<R['answers'][S]> : never;
}[keyof R['answers']];

export interface CallRequest {
  method: Method;
  /** The path with its values filled in and the query after it. */
  path: string;
  body: unknown;
}

/** The request a call of `route` makes: the path's `:name`s filled in (encoded), the query appended. */
export function requestOf<R extends Route>(route: R, input: CallInput<R>): CallRequest {
  const { params, query, body } = input as {
    params?: Record<string, string>;
    query?: object;
    body?: unknown;
  };
  let path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.path} needs its ${name}`);
    return encodeURIComponent(value);
  });
  const queryString = fieldsOf(query).toString();
  if (queryString) path += `?${queryString}`;
  return { method: route.method, path, body: route.encoding === 'form' ? fieldsOf(body) : body };
}

/** The answer of a successful call, parsed with the route's schema for its status, not taken on trust. */
export function answerOf<R extends Route>(route: R, status: number, json: unknown): Answer<R> {
  const schema = (route.answers as Partial<Record<number, z.ZodType>>)[status];
  if (!schema) throw new UnexpectedAnswer(`${route.method} ${route.path} answered ${status}`);
  const parsed = schema.safeParse(status === 204 ? null : json);
  if (!parsed.success)
    throw new UnexpectedAnswer(`${route.method} ${route.path} answered ${status} with an unexpected body`);
  return parsed.data as Answer<R>;
}

/** A server that answers outside the contract (an older or newer version, or something else at its address). */
export class UnexpectedAnswer extends Error {}

/** How a client makes its own error of a failed call. */
export type Failure = (status: number, code: string, message: string, details?: unknown) => CallError;

/** The error of an error answer (API.md "Conventions"), whatever its body held. */
export function failureOf(status: number, json: unknown, fail: Failure): CallError {
  const answer = errorAnswerSchema.safeParse(json);
  const error = answer.success ? answer.data.error : undefined;
  return fail(
    status,
    error?.code ?? 'unknown',
    error?.message ?? `Request failed (${status})`,
    error?.details,
  );
}

/**
 * A call's outcome: its answer, parsed, when it succeeded; else the client's error, from the error answer,
 * or saying `misunderstood` when the answer is outside the contract.
 */
export function settle<R extends Route>(
  route: R,
  status: number,
  json: unknown,
  fail: Failure,
  misunderstood: string,
): Answer<R> {
  if (status < 200 || status > 299) throw failureOf(status, json, fail);
  try {
    return answerOf(route, status, json);
  } catch (err) {
    if (err instanceof UnexpectedAnswer) throw fail(status, 'unexpected_answer', misunderstood);
    throw err;
  }
}

/** A query, or a form-encoded body (SPEC.md §7's consent decision): each field that has a value, as a string. */
function fieldsOf(record: unknown): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [key, value] of Object.entries(record ?? {})) {
    if (value !== undefined && value !== null) fields.set(key, String(value));
  }
  return fields;
}
