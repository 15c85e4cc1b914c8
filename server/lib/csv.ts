import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or return first) is written with a
 * leading apostrophe: an exported title like "=HYPERLINK(…)" must stay text when the file is opened in a
 * spreadsheet (OWASP "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const spreadsheetSafe = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** One CSV record (RFC 4180 quoting by csv-stringify), ending in CRLF. */
export function csvRecord(values: readonly (string | number | boolean | null | undefined)[]): string {
  const cells = values.map((value) =>
    typeof value === 'string'
      ? spreadsheetSafe(value)
      : value === null || value === undefined
        ? ''
        : String(value),
  );
  return stringify([cells], { record_delimiter: 'windows' });
}
