import { errorSchema } from '../../contracts/index.js';

/** The error answers a signed-in data route may give, for the OpenAPI document (API.md "Conventions"). */
export const dataRouteErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  413: errorSchema,
} as const;
