import { z } from 'zod';
import { EXPORT_FORMATS, IMPORT_FORMATS, IMPORT_STATUSES } from './import-formats.js';
import { idSchema, isoDateSchema } from './primitives.js';

export * from './import-formats.js';

export const importSchema = z.object({
  id: idSchema,
  status: z.enum(IMPORT_STATUSES),
  format: z.enum(IMPORT_FORMATS),
  fileName: z.string(),
  /** Entries in the file; null until the file has been counted. */
  total: z.number().int().nullable(),
  processed: z.number().int(),
  created: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
  error: z.string().nullable(),
  createdAt: isoDateSchema,
  finishedAt: isoDateSchema.nullable(),
});
export type Import = z.infer<typeof importSchema>;

/** The multipart fields beside `file` (API.md); sent as text, as forms send them. */
export const importFieldsSchema = z.strictObject({
  format: z.enum(IMPORT_FORMATS, { error: `format must be one of ${IMPORT_FORMATS.join(', ')}` }).optional(),
  folderId: idSchema.optional(),
  enrich: z.enum(['true', 'false'], { error: 'enrich must be true or false' }).optional(),
});

export const exportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }),
  folderId: idSchema.optional(),
});
export type ExportQuery = z.infer<typeof exportQuery>;
