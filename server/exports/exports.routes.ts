import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXPORT_EXTENSIONS, type ExportFormat, downloads } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { attachment } from '../lib/attachment.js';
import type { ExportService } from './export.service.js';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  markdown: 'application/zip',
};

/**
 * GET /api/export (API.md "Import and export"). The user's own session only: an assistant's token is read
 * access for answering questions, not for carrying the whole library away.
 */
export function registerExportRoutes(parent: FastifyInstance, exports: ExportService): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    downloads.exportLibrary.path,
    {
      onRequest: requireAuth('library:read'),
      schema: {
        tags: ['export'],
        description:
          'The library (or the folder folderId) as an attachment linkvault-YYYY-MM-DD.<ext>, streamed: json (everything, importable), html (Netscape bookmarks), csv (one link a row), markdown (a ZIP of notes).',
        querystring: downloads.exportLibrary.query,
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const body = await exports.open(userIdOf(request), request.query);
      // Past the first bytes the status is sent: a failure can only cut the download short (Fastify then
      // destroys the connection, so the client sees it incomplete). It must not pass unnoticed.
      body.once('error', (err) => request.log.error({ err, format }, 'export failed midway'));
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', attachment('linkvault', EXPORT_EXTENSIONS[format]))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
