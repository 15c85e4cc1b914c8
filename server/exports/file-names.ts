/**
 * File and folder names that every common file system accepts (Windows is the strictest: no <>:"/\|?* or
 * control characters, no trailing dot or space, no device names such as CON or LPT1), kept well under the
 * 255-byte limit of a name, and unique without regard to case (macOS and Windows fold it).
 */
const MAX_NAME_BYTES = 120;
const FORBIDDEN = /[<>:"/\\|?*\p{Cc}]/gu;
/** Windows refuses these with any extension too ("con.md"). */
const WINDOWS_DEVICES = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

/** A readable name (case, spaces and punctuation kept): folder names. */
export const safeName = (text: string) => finish(text.replace(FORBIDDEN, '-').replace(/\s+/g, ' '));

/** Lower-case words joined by dashes, letters and digits of any script kept: note names from titles. */
export const slug = (text: string) =>
  finish(
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-'),
  );

function finish(name: string): string {
  let kept = '';
  let bytes = 0;
  for (const char of name.trim()) {
    bytes += Buffer.byteLength(char);
    if (bytes > MAX_NAME_BYTES) break;
    kept += char;
  }
  // A leading dot hides the file on Unix; a trailing dot or space is dropped by Windows.
  kept = kept.replace(/^[-\s.]+|[-\s.]+$/g, '');
  if (!kept) return 'untitled';
  return WINDOWS_DEVICES.test(kept) ? `_${kept}` : kept;
}

/** Hands out names unique in one folder: "name", then "name-2", "name-3"… */
export class UniqueNames {
  private readonly taken = new Set<string>();

  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.taken.add(name.toLowerCase());
  }

  claim(name: string): string {
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n += 1) candidate = `${name}-${n}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
