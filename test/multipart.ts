import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export interface Part {
  name: string;
  /** Present for a file part. */
  filename?: string;
  content: string | Uint8Array | AsyncIterable<Uint8Array>;
  type?: string;
}

/**
 * A multipart/form-data body as browsers send it (RFC 7578), for app.inject and fetch. A part's content may
 * be a stream, so a test can upload 100 MB without holding it.
 */
export function multipart(parts: readonly Part[]): { payload: Readable; headers: Record<string, string> } {
  const boundary = `----lv${randomBytes(12).toString('hex')}`;
  async function* body(): AsyncIterable<Uint8Array> {
    for (const part of parts) {
      const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
      const type =
        part.filename === undefined ? '' : `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`;
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`);
      if (typeof part.content === 'string') yield Buffer.from(part.content);
      else if (part.content instanceof Uint8Array) yield part.content;
      else yield* part.content;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(body()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An upload of a Netscape bookmark file of `count` links (https://imported.example/0, /1…), as a browser sends it. */
export function bookmarkFileUpload(count: number): ReturnType<typeof multipart> {
  const file = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<DL><p>',
    ...Array.from(
      { length: count },
      (_, i) => `<DT><A HREF="https://imported.example/${i}">Imported ${i}</A>`,
    ),
    '</DL><p>',
  ].join('\n');
  return multipart([{ name: 'file', filename: 'bookmarks.html', content: file, type: 'text/html' }]);
}
