/**
 * Only http and https are links a person saves; javascript:, file:, data: and the rest are refused
 * (SPEC.md §5). Kept apart from the zod schemas so the web app can use it without bundling zod.
 */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname.length > 0;
}
