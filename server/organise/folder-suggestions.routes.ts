import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes } from '../../contracts/index.js';
import { requireAuth, userIdOf } from '../http/auth.js';
import { endpoint } from '../http/endpoint.js';
import { dataRouteErrors } from '../http/route-errors.js';
import type { FolderSuggestions } from './folder-suggestions.service.js';

/** Smart categories (README "Organise your library"): Auto-organise, and turning a suggestion down. */
export function registerFolderSuggestionRoutes(
  parent: FastifyInstance,
  suggestions: FolderSuggestions,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const doc = { errors: dataRouteErrors, tags: ['links'] };

  app.route({
    ...endpoint(routes.organiseLinks, {
      ...doc,
      description:
        'Auto-organise: suggests a folder of your own for each of your 200 newest Uncategorized links that has ' +
        'none yet, and answers every one of them that carries a suggestion (suggestedFolderId). Nothing is ' +
        'moved: accept with PATCH /api/links/:id {folderId} or POST /api/links/bulk (move); turn down with ' +
        'DELETE /api/links/:id/suggestion or POST /api/links/bulk (dismiss).',
    }),
    onRequest: requireAuth('library:write'),
    handler: async (request) => suggestions.organise(userIdOf(request)),
  });

  app.route({
    ...endpoint(routes.dismissSuggestion, {
      ...doc,
      description:
        "Turns the link's folder suggestion down: it is cleared and never suggested for the link again.",
    }),
    onRequest: requireAuth('library:write'),
    handler: async (request, reply) => {
      await suggestions.dismiss(userIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
