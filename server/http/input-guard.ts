import { type FastifyInstance, type FastifySchemaValidationError, errorCodes } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NUL_MESSAGE, hasNul } from '../../contracts/index.js';

/**
 * Deeper than any body a client of API.md, OAuth or MCP sends (positionData and JSON-RPC stay under 8).
 * zod's recursive JSON schema (positionData) overflows the stack near 2,000 levels.
 */
export const MAX_DEPTH = 32;

type Path = (string | number)[];

/** The first string (value or key) with a NUL in `value`, or the first place deeper than MAX_DEPTH. */
function findUnsafe(value: unknown): { path: Path; message: string } | null {
  // A loop over an explicit stack, not recursion: the walk must survive what it is there to refuse.
  const stack: { value: unknown; path: Path }[] = [{ value, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: node, path } = item;
    if (typeof node === 'string') {
      if (hasNul(node)) return { path, message: NUL_MESSAGE };
    } else if (typeof node === 'object' && node !== null) {
      if (path.length >= MAX_DEPTH) {
        return { path: path.slice(0, 1), message: `must not be nested more than ${MAX_DEPTH} levels deep` };
      }
      for (const [key, child] of Object.entries(node)) {
        const at = [...path, Array.isArray(node) ? Number(key) : key];
        if (hasNul(key)) return { path: at, message: NUL_MESSAGE };
        stack.push({ value: child, path: at });
      }
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
 * deeper than MAX_DEPTH, for every route (issue 14: both were 500s). It runs before each route's own
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
