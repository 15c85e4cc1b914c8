import { type Analysis, analyzePage } from './analyze.js';
import { decode } from '../fetch/decode.js';

/** A fetched page as the parsing thread receives it: its bytes, moved here, not copied (page-parser.ts). */
export interface PageBytes {
  body: Uint8Array<ArrayBuffer>;
  /** The Content-Type header, whose charset the decoding weighs. */
  contentType: string | undefined;
  url: string;
  existingTags: string[];
}

/** Piscina task entry: runs in a worker thread (page-parser.ts), and decodes the page there too. */
export default function analyze({ body, contentType, url, existingTags }: PageBytes): Analysis {
  return analyzePage({ html: decode(body, contentType), url, existingTags });
}
