import { finished } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { parse as parseLine } from 'csv-parse/sync';
import { decodedText } from './source.js';
import { clipped } from './text.js';
import { FileDamaged, type FileHead, type FileSource } from './types.js';

/**
 * The longest row read whole. Real rows are a few KB (Raindrop caps its note and excerpt at 10,000 characters
 * each); a row that runs past this is an unclosed quote swallowing the rest of the file, or not a CSV at all,
 * and reading on would hold all of it in memory.
 */
const MAX_ROW_CHARS = 1_000_000;
/** What csv-parse is given at a time: the records one write completes are held until it returns. */
const WRITE_BYTES = 64 * 1024;

export interface CsvRow {
  /** "line 12" (or "part_000001.csv line 12"): where the row starts, the header being line 1. */
  readonly position: string;
  /** The cell under `column` (a header name, lower-cased), at most MAX_TEXT_CHARS long; '' when absent. */
  get(column: string): string;
  /** The whole cell, for the few cells that hold a list (highlights) and are split before being kept. */
  whole(column: string): string;
}

/**
 * The header row's names, trimmed and lower-cased, so that detection ignores the case and order of columns
 * and tolerates extra ones; null when the head does not start with a CSV line.
 */
export function csvHeader(head: FileHead): string[] | null {
  const end = head.text.search(/\r?\n/);
  const line = end < 0 ? head.text : head.text.slice(0, end);
  if (!line.includes(',')) return null;
  try {
    const [names] = parseLine(line, { relax_quotes: true, to: 1 });
    return names ? names.map(normalName) : null;
  } catch {
    return null;
  }
}

/** Whether the header row holds every one of `columns` (lower-case names). */
export function hasColumns(head: FileHead, columns: readonly string[]): boolean {
  const header = csvHeader(head);
  return header !== null && columns.every((column) => header.includes(column));
}

/** The rows of a CSV file after its header row, in the character set its head shows. */
export async function* csvFileRows(source: FileSource): AsyncGenerator<CsvRow> {
  yield* csvRows(decodedText(source));
}

/**
 * The rows of CSV text after its header row, streamed through csv-parse one piece at a time. Rows with every
 * cell empty are passed over. An unclosed quote (or a row beyond MAX_ROW_CHARS) ends the file with
 * FileDamaged naming the line the broken row starts on, once every row before it has been given out.
 */
export async function* csvRows(text: AsyncIterable<string>, file?: string): AsyncGenerator<CsvRow> {
  const at = (line: number) => (file ? `${file} line ${line}` : `line ${line}`);
  // Records are taken as csv-parse completes them, not from its stream, which drops those it holds when an
  // error ends it.
  const parsed: { record: string[]; lines: number; emptyLines: number }[] = [];
  // Where the last record ended, and how many blank lines csv-parse had skipped by then.
  let recordEnd = { bytes: 0, emptyLines: 0 };
  const parser = parse({
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_ROW_CHARS,
    on_record: (record: string[], { lines, empty_lines, bytes }) => {
      parsed.push({ record, lines, emptyLines: empty_lines });
      recordEnd = { bytes, emptyLines: empty_lines };
      return null;
    },
  });
  // Errors reach the writes and `finished` below; without a listener they would also be thrown at the process.
  parser.on('error', () => undefined);
  parser.resume();

  let columns: Map<string, number> | null = null;
  // csv-parse reports the line a record ends on; the next one starts after it and the blank lines it skipped.
  let lastLine = 0;
  let lastEmptyLines = 0;
  const startLine = (emptyLines: number) => lastLine + 1 + (emptyLines - lastEmptyLines);
  function* rowsParsed(): Generator<CsvRow> {
    for (const { record, lines, emptyLines } of parsed.splice(0)) {
      const line = startLine(emptyLines);
      lastLine = lines;
      lastEmptyLines = emptyLines;
      if (!columns) columns = new Map(record.map((name, index) => [normalName(name), index]));
      else if (record.some((cell) => cell.trim() !== '')) yield row(record, columns, at(line));
    }
  }

  let failure: Error | null = null;
  let fed = 0;
  try {
    for await (const piece of text) {
      const bytes = Buffer.from(piece);
      for (let from = 0; from < bytes.length; from += WRITE_BYTES) {
        const slice = bytes.subarray(from, from + WRITE_BYTES);
        await new Promise<void>((resolve, reject) =>
          parser.write(slice, (err) => (err ? reject(err) : resolve())),
        );
        fed += slice.length;
        // max_record_size counts only the characters inside cells: a line of a million commas is a record of
        // a million empty cells, which csv-parse would hold as an array of them. What was fed since the last
        // record, less a byte for each blank line skipped since, is the record being read.
        const skipped = parser.info.empty_lines - recordEnd.emptyLines;
        if (fed - recordEnd.bytes - skipped > MAX_ROW_CHARS) {
          throw new CsvError('CSV_MAX_RECORD_SIZE', 'the record runs past the longest row read whole');
        }
      }
      yield* rowsParsed();
    }
    parser.end();
    await finished(parser);
  } catch (err) {
    // The parser's errors, or the reading of the file's (FileDamaged from a ZIP entry): Errors both.
    failure = err as Error;
  } finally {
    parser.destroy();
  }
  yield* rowsParsed();
  if (failure instanceof CsvError) {
    const line = startLine(parser.info.empty_lines);
    throw new FileDamaged(brokenRowMessage(failure, line), at(line));
  }
  if (failure) throw failure;
}

function row(record: string[], columns: Map<string, number>, position: string): CsvRow {
  const whole = (column: string) => {
    const index = columns.get(column);
    return index === undefined ? '' : (record[index] ?? '');
  };
  return { position, whole, get: (column) => clipped(whole(column)) };
}

function brokenRowMessage(err: CsvError, line: number): string {
  const before = line > 2 ? `; the rows before line ${line} were read` : '';
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') {
    return `The row starting on line ${line} never ends: a quote opened there is not closed${before}`;
  }
  if (err.code === 'CSV_MAX_RECORD_SIZE') {
    return `The row starting on line ${line} runs past ${MAX_ROW_CHARS.toLocaleString('en-US')} characters (a quote opened there and not closed, or not a CSV file)${before}`;
  }
  return `The row starting on line ${line} cannot be read (${err.message})${before}`;
}

const normalName = (name: string) => name.trim().toLowerCase();
