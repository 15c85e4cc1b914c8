declare module 'html-encoding-sniffer' {
  export default function htmlEncodingSniffer(
    bytes: Uint8Array,
    options?: { transportLayerEncodingLabel?: string; defaultEncoding?: string },
  ): string;
}
