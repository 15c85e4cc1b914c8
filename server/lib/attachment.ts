/** A download named `<prefix>-YYYY-MM-DD.<extension>` (API.md: exports are `linkvault-YYYY-MM-DD.<ext>`). */
export function attachment(prefix: string, extension: string, now = new Date()): string {
  return `attachment; filename="${prefix}-${now.toISOString().slice(0, 10)}.${extension}"`;
}
