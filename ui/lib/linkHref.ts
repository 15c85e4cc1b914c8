/** The dashboard's query parameter that opens one link's details (useDashboardView). */
export const LINK_PARAM = 'link';

/**
 * The dashboard with one link's details open, where "Open in Linkvault" leads: from the share page and
 * the bookmarklet, and from the extension (after the server's address). Free of app code for the latter.
 */
export function linkHref(linkId: string): string {
  return `/app?${new URLSearchParams({ [LINK_PARAM]: linkId })}`;
}
