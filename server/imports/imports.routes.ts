import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, idParams, importSchema } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { dataRouteErrors } from '../http/route-errors.js';
import { attachment } from '../lib/attachment.js';
import type { ImportsService } from './imports.service.js';

/**
 * API.md "Import and export": imports. Only the user's own session may import (an assistant's read-only
 * token may not). The multipart parser lives in this scope alone: every other route still takes JSON only.
 */
export async function registerImportRoutes(parent: FastifyInstance, imports: ImportsService): Promise<void> {
  await parent.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 },
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['imports'];
    const errors = dataRouteErrors;

    app.post(
      '/api/imports',
      {
        onRequest: requireAuth(),
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description:
            'multipart/form-data: `file` (up to 100 MB), optional `format`, `folderId` and `enrich` ("false" keeps only what the file says). The format is recognised by content; a file no format fits gets 400 unsupported_format. 202: the import goes on in the background (event `import`).',
          response: { 202: importSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError(
            415,
            'validation_failed',
            'Send the file as multipart/form-data, in a "file" field',
          );
        }
        return reply.code(202).send(await imports.upload(userIdOf(request), request.parts()));
      },
    );

    app.get(
      '/api/imports',
      {
        onRequest: requireAuth(),
        schema: { tags, response: { 200: z.object({ items: z.array(importSchema) }), ...errors } },
      },
      async (request) => ({ items: await imports.list(userIdOf(request)) }),
    );

    app.get(
      '/api/imports/:id',
      {
        onRequest: requireAuth(),
        schema: { tags, params: idParams, response: { 200: importSchema, ...errors } },
      },
      async (request) => imports.get(userIdOf(request), request.params.id),
    );

    app.delete(
      '/api/imports/:id',
      {
        onRequest: requireAuth(),
        schema: {
          tags,
          description: 'A queued or running import stops; what it already imported stays.',
          params: idParams,
          response: { 202: importSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await imports.cancel(userIdOf(request), request.params.id)),
    );

    app.get(
      '/api/imports/:id/skipped',
      {
        onRequest: requireAuth(),
        schema: {
          tags,
          description:
            'text/csv: each skipped entry with its position in the file (line or entry) and the reason.',
          params: idParams,
        },
      },
      async (request, reply) => {
        const csv = await imports.skippedCsv(userIdOf(request), request.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', attachment('linkvault-import-skipped', 'csv'))
          .send(Readable.from(csv));
      },
    );
  });
}
