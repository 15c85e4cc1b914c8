/** The reader view of one link (routes/ReaderPage.tsx). */
export const readerHref = (linkId: string) => `/app/read/${encodeURIComponent(linkId)}`;
