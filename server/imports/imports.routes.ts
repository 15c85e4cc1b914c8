import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMPORT_MAX_BYTES, downloads, routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
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
    const doc = { errors: dataRouteErrors, tags: ['imports'] };

    app.route({
      ...endpoint(routes.createImport, {
        ...doc,
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: `file` (up to 100 MB), optional `format`, `folderId` and `enrich` ("false" keeps only what the file says). The format is recognised by content; a file no format fits gets 400 unsupported_format. 202: the import goes on in the background (event `import`).',
      }),
      onRequest: requireAuth('library:write'),
      handler: async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError(
            415,
            'validation_failed',
            'Send the file as multipart/form-data, in a "file" field',
          );
        }
        return reply.code(202).send(await imports.upload(userIdOf(request), request.parts()));
      },
    });

    app.route({
      ...endpoint(routes.listImports, doc),
      onRequest: requireAuth('library:read'),
      handler: async (request) => ({ items: await imports.list(userIdOf(request)) }),
    });

    app.route({
      ...endpoint(routes.getImport, doc),
      onRequest: requireAuth('library:read'),
      handler: async (request) => imports.get(userIdOf(request), request.params.id),
    });

    app.route({
      ...endpoint(routes.cancelImport, {
        ...doc,
        description: 'A queued or running import stops; what it already imported stays.',
      }),
      onRequest: requireAuth('library:write'),
      handler: async (request, reply) =>
        reply.code(202).send(await imports.cancel(userIdOf(request), request.params.id)),
    });

    app.get(
      downloads.importSkipped.path,
      {
        onRequest: requireAuth('library:read'),
        schema: {
          tags: doc.tags,
          description:
            'text/csv: each skipped entry with its position in the file (line or entry) and the reason.',
          params: downloads.importSkipped.params,
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
