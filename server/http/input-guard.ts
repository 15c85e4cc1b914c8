import { type FastifyInstance, type FastifySchemaValidationError, errorCodes } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NUL_MESSAGE, hasNul } from '../../contracts/index.js';

/**
 * Deeper than any body a client of API.md, OAuth or MCP sends (positionData and JSON-RPC stay under 8).
 * zod's recursive JSON schema (positionData) overflows the stack near 2,000 levels.
 */
const MAX_DEPTH = 32;

type Path = (string | number)[];
interface Unsafe {
  path: Path;
  message: string;
}
/** An array or object met in the walk, with the way back to the root for the message's field name. */
interface Frame {
  node: object;
  depth: number;
  parent: Frame | null;
  key: string | number;
}

const DEPTH_MESSAGE = `must not be nested more than ${MAX_DEPTH} levels deep`;

function pathOf(frame: Frame): Path {
  const path: Path = [];
  for (let at: Frame | null = frame; at?.parent; at = at.parent) path.unshift(at.key);
  return path;
}

/** Checks one child of `parent`: a string now, an array or object later (pushed on `stack`). */
function look(stack: Frame[], parent: Frame, child: unknown, key: string | number): Unsafe | null {
  if (typeof child === 'string') {
    return hasNul(child) ? { path: [...pathOf(parent), key], message: NUL_MESSAGE } : null;
  }
  if (typeof child === 'object' && child !== null) {
    stack.push({ node: child, depth: parent.depth + 1, parent, key });
  }
  return null;
}

/**
 * The first string (value or key) with a NUL in `value`, or the first array or object deeper than
 * MAX_DEPTH. A loop over an explicit stack, not recursion: the walk must survive what it is there to
 * refuse. Paths are built only for the answer, so a 1 MB body costs milliseconds.
 */
function findUnsafe(value: unknown): Unsafe | null {
  if (typeof value === 'string') return hasNul(value) ? { path: [], message: NUL_MESSAGE } : null;
  if (typeof value !== 'object' || value === null) return null;
  const stack: Frame[] = [{ node: value, depth: 1, parent: null, key: '' }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    if (frame.depth > MAX_DEPTH) return { path: pathOf(frame).slice(0, 1), message: DEPTH_MESSAGE };
    const node = frame.node as Record<string, unknown>;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i += 1) {
        const unsafe = look(stack, frame, node[i], i);
        if (unsafe) return unsafe;
      }
      continue;
    }
    for (const key of Object.keys(node)) {
      if (hasNul(key)) return { path: [...pathOf(frame), key], message: NUL_MESSAGE };
      const unsafe = look(stack, frame, node[key], key);
      if (unsafe) return unsafe;
    }
  }
  return null;
}

const safeInput = z.unknown().superRefine((value, ctx) => {
  const unsafe = findUnsafe(value);
  if (unsafe) ctx.addIssue({ code: 'custom', ...unsafe });
});
// The route schemas' own compiler, so a refusal is the same validation error theirs would be.
const check = validatorCompiler({ schema: safeInput, method: '', url: '', httpPart: '' }) as (
  value: unknown,
) => { error?: FastifySchemaValidationError[] };

/**
 * Refuses a NUL character anywhere in a request's path parameters, query or body, and bodies nested
 * deeper than MAX_DEPTH, for every route (both were 500s). It runs before each route's own
 * schema and fails as that schema would, so each scope's error handler answers in its own shape (API.md's
 * validation_failed; invalid_request on the OAuth endpoints, RFC 6749 §5.2).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = { params: request.params, querystring: request.query, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      const result = check(value);
      if (result.error) {
        const error = new errorCodes.FST_ERR_VALIDATION(`${part} is not acceptable`);
        done(Object.assign(error, { validation: result.error, validationContext: part }));
        return;
      }
    }
    done();
  });
}
