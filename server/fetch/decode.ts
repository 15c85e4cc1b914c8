import htmlEncodingSniffer from 'html-encoding-sniffer';
import whatwgEncoding from 'whatwg-encoding';

/** The HTML Standard's encoding sniffing (BOM, Content-Type charset, <meta charset>), then decoding. */
export function decode(bytes: Uint8Array, contentTypeHeader: string | undefined): string {
  const label = /charset=["']?([^;"'\s]+)/i.exec(contentTypeHeader ?? '')?.[1];
  const transportLayerEncodingLabel = label && whatwgEncoding.labelToName(label) ? label : undefined;
  const encoding = htmlEncodingSniffer(bytes, { transportLayerEncodingLabel, defaultEncoding: 'UTF-8' });
  return whatwgEncoding.decode(bytes, encoding);
}
