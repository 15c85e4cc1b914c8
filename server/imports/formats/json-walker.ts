import { jsonParser, type Token, type TokenSource } from 'stream-json/core/parser.js';
import { FileDamaged, MAX_TEXT_CHARS, type FileHead, type FileSource } from './types.js';

/**
 * A bounded, streaming reader of JSON bookmark files. stream-json tokenizes (its README warns it is not
 * made for hostile input, so every bound lives here): strings, keys and numbers arrive in pieces and are
 * cut while they accumulate; nesting is followed with an explicit stack, never recursion; and the lists
 * that hold a file's entries (a root array, Firefox's `children`, Linkwarden's `links`…) are streamed:
 * each entry is assembled alone and handed over, never attached to its parent, so the parse tree of a
 * 100 MB file is never built.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** Deeper than this the file is refused: 10,000 nested folders take 20,000 levels (object, `children`). */
export const MAX_JSON_DEPTH = 50_000;
/** Longer keys and numbers mean nothing in a bookmark file; what is kept of them stays small. */
const MAX_KEY_CHARS = 1024;
const MAX_NUMBER_CHARS = 64;
/** What holding a value costs beside its text (its slot, its key, an object's header), in characters. */
const VALUE_COST = 16;
/** One entry may hold this much (Linkvault's links carry their summaries and every snippet)… */
export const MAX_ENTRY_CHARS = 32 * MAX_TEXT_CHARS;
/** …and the fields of all the folders open around it together this much. */
const CONTAINERS_BUDGET = 32 * MAX_TEXT_CHARS;
/** Format detection looks at this much of the file's beginning. */
const SAMPLE_BUDGET = 16 * MAX_TEXT_CHARS;
const PARSE_SLICE = 16 * 1024;

export interface WalkShape {
  /** The root is the list of entries itself ('array'), or an object holding such lists ('object'). */
  readonly root: 'array' | 'object';
  /** Whether the list under `key`, in an object `depth` levels deep (the root is 0), holds entries. */
  readonly collection?: (key: string, depth: number) => boolean;
  /**
   * Whether the value under `key`, in an object `depth` levels deep, is never needed (an article's whole
   * HTML, a list the other reading of the file takes): skipped as it streams, never held.
   */
  readonly ignore?: (key: string, depth: number) => boolean;
}

/**
 * An entry of one of the file's lists, or a container: an object that holds such a list, at any depth
 * (a folder, the root object). A container's `value` holds its fields read so far, never its lists.
 */
export class Place {
  /** Containers are numbered in the order they open, the same on every reading of the file; -1: an entry. */
  ordinal = -1;
  /** Over its budget: values that did not fit were left out (the reader says so rather than guess). */
  oversized = false;
  cost = 0;
  readonly depth: number;

  constructor(
    /** The key of the list (or of the object's slot) it sits in; '' at the root. */
    readonly key: string,
    /** Its position in that list; -1 when it is an object's value. */
    readonly index: number,
    /** The container around it. */
    readonly parent: Place | null,
    readonly value: JsonValue,
  ) {
    this.depth = parent ? parent.depth + 1 : 0;
  }
}

/**
 * A container opens (its list begins) or closes, or an entry is complete. At its open, a container's
 * value holds at least the fields written before its list (the rest arrive as the file is read).
 */
export interface WalkEvent {
  readonly type: 'open' | 'close' | 'entry';
  readonly place: Place;
}

/**
 * The file's events in order. `where` names the entry being read, for the FileDamaged thrown when the
 * file breaks off (everything before it stands).
 */
export async function* walkJson(
  bytes: AsyncIterable<Uint8Array>,
  shape: WalkShape,
  where: () => string | null = () => null,
): AsyncGenerator<WalkEvent> {
  const walker = new JsonWalker(shape, MAX_ENTRY_CHARS);
  // What was complete before the damage is handed over first; `where` then names the entry that broke.
  const located = (err: unknown) =>
    err instanceof FileDamaged && err.position === null ? new FileDamaged(err.message, where()) : err;
  const step = function* (work: () => void) {
    let damage: unknown = null;
    try {
      work();
    } catch (err) {
      damage = err;
    }
    yield* walker.take();
    if (damage) throw located(damage);
  };
  try {
    for await (const text of decodeJson(bytes)) yield* step(() => walker.write(text));
  } catch (err) {
    // Also when the bytes themselves break off (a ZIP entry longer than it said).
    throw located(err);
  }
  yield* step(() => walker.end());
}

const samples = new WeakMap<FileSource, Promise<JsonValue | undefined>>();

/**
 * The beginning of a JSON file as a value: the root with what fits in SAMPLE_BUDGET, or a root array
 * with its first entry whole. Key order is not guaranteed and an entry may start with megabytes of
 * article (wallabag), so formats are recognised by the keys of whole entries, not a regex of the head.
 * Computed once per file for all JSON formats; undefined when the file is not JSON.
 */
export function sampleJson(source: FileSource, head: FileHead): Promise<JsonValue | undefined> {
  if (!/^\s*[[{]/.test(head.text)) return Promise.resolve(undefined);
  let sample = samples.get(source);
  if (!sample) {
    sample = readSample(source);
    samples.set(source, sample);
  }
  return sample;
}

async function readSample(source: FileSource): Promise<JsonValue | undefined> {
  const walker = new JsonWalker(null, SAMPLE_BUDGET);
  try {
    for await (const text of decodeJson(source.bytes())) {
      walker.write(text);
      if (walker.sampled()) break;
    }
  } catch (err) {
    // A file broken after its first entries is still recognised; reading it says where it breaks.
    if (!(err instanceof FileDamaged)) throw err;
  }
  return walker.root?.value;
}

/** JSON is UTF-8 (RFC 8259), but Windows tools write UTF-16 with a byte-order mark. */
async function* decodeJson(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: InstanceType<typeof TextDecoder> | null = null;
  for await (const piece of bytes) {
    decoder ??= new TextDecoder(
      piece[0] === 0xff && piece[1] === 0xfe
        ? 'utf-16le'
        : piece[0] === 0xfe && piece[1] === 0xff
          ? 'utf-16be'
          : 'utf-8',
    );
    const text = decoder.decode(piece, { stream: true });
    if (text) yield text;
  }
  const rest = decoder?.decode();
  if (rest) yield rest;
}

/** What the tokenizer answers for a piece: its tokens, or stream-chain's "no value" when it has none yet. */
type Tokens = ReturnType<TokenSource>;
/**
 * stream-chain's "no value", which stream-json's tokenizer also takes as the end of the text. It is a
 * registered symbol, so it is named here without importing stream-chain, which is stream-json's dependency
 * and not Linkvault's.
 */
const NO_VALUE = Symbol.for('object-stream.none');

const rootKind = (isArray: boolean) => (isArray ? 'a list ([…])' : 'an object ({…})');

/** One level of nesting being read. */
class Frame {
  pendingKey = '';
  nextIndex = 0;

  constructor(
    readonly isArray: boolean,
    /** What is being assembled; null for a streamed list, whose entries are handed over instead. */
    readonly target: JsonObject | JsonValue[] | null,
    readonly key: string,
    readonly index: number,
    /** The entry or container this value is, once it is one. */
    public place: Place | null,
    /** Whose budget the values assembled here count against. */
    public account: Place | null,
    /** For a streamed list: the container holding it. */
    readonly holder: Place | null,
  ) {}
}

const enum Reading {
  Key,
  String,
  Number,
}

/** Tokens in, events out; `write` may be called with any cut of the text. */
class JsonWalker {
  root: Place | null = null;
  private readonly stack: Frame[] = [];
  private events: WalkEvent[] = [];
  // The bare tokenizer, called per piece: through stream-chain's chain() and async iteration of its
  // tokens the same parse is five times slower (measured: 8 MB/s against 43 MB/s).
  private readonly parse = jsonParser({ packValues: false, streamValues: true });
  private started = false;
  private finished = false;
  private chars = 0;
  /** Nesting depth inside a value being skipped; 0 when reading. */
  private skipping = 0;
  /** The next value is skipped (its key is ignored). */
  private skipNext = false;
  private reading = Reading.Key;
  private buffer = '';
  /** The text read was longer than what is kept of it. */
  private cut = false;
  private containersHeld = 0;
  private ordinals = 0;

  constructor(
    /** null: assemble the root whole (within the budget), for format detection. */
    private readonly shape: WalkShape | null,
    private readonly entryBudget: number,
  ) {}

  write(text: string): void {
    // The tokenizer drops a whole call's tokens when it meets an error: slices of PARSE_SLICE keep all
    // but the last few KB of entries before a syntax error (smaller ones cost speed).
    for (let at = 0; at < text.length; at += PARSE_SLICE) {
      const slice = text.slice(at, at + PARSE_SLICE);
      const from = this.chars;
      this.chars += slice.length;
      let tokens: Tokens;
      try {
        tokens = this.parse(slice);
      } catch (err) {
        const detail = (err as Error).message.replace(/^Parser cannot parse input: /, '');
        throw new FileDamaged(
          `The file is not valid JSON (${detail}) between characters ${from.toLocaleString('en-US')} and ${this.chars.toLocaleString('en-US')}`,
        );
      }
      this.tokens(tokens);
    }
  }

  end(): void {
    const flush = this.parse as unknown as (end: typeof NO_VALUE) => Tokens;
    try {
      this.tokens(flush(NO_VALUE));
    } catch {
      // The tokenizer expected more: reported below.
    }
    if (!this.finished) {
      throw new FileDamaged(
        this.started ? 'The file ends in the middle of its JSON: it was cut short' : 'The file holds no JSON',
      );
    }
    if (this.shape?.root === 'object' && this.root && this.root.ordinal < 0) {
      throw new FileDamaged(
        'The file holds none of the lists this format keeps its entries in: it is not in this format',
      );
    }
  }

  take(): WalkEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  /** Enough of the root for recognising the format. */
  sampled(): boolean {
    const root = this.root;
    return (
      this.finished ||
      (root !== null && (root.oversized || (Array.isArray(root.value) && root.value.length > 1)))
    );
  }

  private tokens(tokens: Tokens): void {
    if (typeof tokens !== 'symbol') for (const token of tokens.values) this.token(token);
  }

  private token(token: Token): void {
    if (this.skipping > 0) {
      this.skip(token);
      return;
    }
    switch (token.name) {
      case 'startObject':
      case 'startArray':
        this.open(token.name === 'startArray');
        return;
      case 'endObject':
      case 'endArray':
        this.close();
        return;
      case 'startKey':
        this.startText(Reading.Key);
        return;
      case 'startString':
      case 'startNumber':
        if (this.stack.length === 0 && this.shape) this.refuseRootValue();
        if (this.skipNext) {
          this.skipNext = false;
          this.skipping = 1;
          return;
        }
        this.startText(token.name === 'startString' ? Reading.String : Reading.Number);
        return;
      case 'stringChunk':
      case 'numberChunk':
        this.append(token.value);
        return;
      case 'endKey':
        this.keyRead(this.buffer);
        return;
      case 'endString':
        this.scalar(keepWholeCharacters(this.buffer));
        return;
      case 'endNumber':
        this.scalar(this.cut ? NaN : Number(this.buffer));
        return;
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        if (this.skipNext) this.skipNext = false;
        else this.scalar(token.value);
        return;
      case 'keyValue':
      case 'stringValue':
      case 'numberValue':
      case 'whitespace':
        return;
    }
  }

  private skip(token: Token): void {
    // Every start of a value (or key) has its end: counting them finds where the skipped value ends.
    if (token.name.startsWith('start')) this.skipping++;
    else if (token.name.startsWith('end')) this.skipping--;
  }

  private startText(reading: Reading): void {
    this.reading = reading;
    this.buffer = '';
    this.cut = false;
  }

  private append(piece: string): void {
    const limit =
      this.reading === Reading.String
        ? MAX_TEXT_CHARS
        : this.reading === Reading.Key
          ? MAX_KEY_CHARS
          : MAX_NUMBER_CHARS;
    const room = limit - this.buffer.length;
    if (piece.length <= room) this.buffer += piece;
    else {
      if (room > 0) this.buffer += piece.slice(0, room);
      this.cut = true;
    }
  }

  private keyRead(key: string): void {
    const frame = this.stack[this.stack.length - 1];
    if (!frame) return;
    frame.pendingKey = key;
    if (this.shape?.ignore?.(key, this.stack.length - 1)) this.skipNext = true;
  }

  private open(isArray: boolean): void {
    if (this.skipNext) {
      this.skipNext = false;
      this.skipping = 1;
      return;
    }
    const parent = this.stack[this.stack.length - 1];
    if (!parent) {
      this.openRoot(isArray);
      return;
    }
    if (this.stack.length >= MAX_JSON_DEPTH) {
      throw new FileDamaged(
        `The file nests its JSON more than ${MAX_JSON_DEPTH.toLocaleString('en-US')} levels deep`,
      );
    }
    const target: JsonObject | JsonValue[] = isArray ? [] : {};
    if (parent.target === null) {
      const place = new Place(parent.key, parent.nextIndex++, parent.holder, target);
      this.charge(place, VALUE_COST);
      this.stack.push(new Frame(isArray, target, parent.key, place.index, place, place, null));
      return;
    }
    const key = parent.isArray ? parent.key : parent.pendingKey;
    const index = parent.isArray ? parent.nextIndex++ : -1;
    if (isArray && !parent.isArray && this.shape?.collection?.(key, this.stack.length - 1)) {
      this.stack.push(new Frame(true, null, key, -1, null, null, this.promote()));
      return;
    }
    const account = parent.account;
    if (!account || !this.charge(account, VALUE_COST + (parent.isArray ? 0 : key.length))) {
      this.skipping = 1;
      return;
    }
    attach(parent, target);
    this.stack.push(new Frame(isArray, target, key, index, null, account, null));
  }

  private openRoot(isArray: boolean): void {
    this.started = true;
    const expected = this.shape?.root;
    if (expected && (expected === 'array') !== isArray) {
      throw new FileDamaged(
        `The file holds ${rootKind(isArray)} where ${rootKind(expected === 'array')} was expected: it is not in this format`,
      );
    }
    if (expected === 'array') {
      this.stack.push(new Frame(true, null, '', -1, null, null, null));
      return;
    }
    const target: JsonObject | JsonValue[] = isArray ? [] : {};
    this.root = new Place('', -1, null, target);
    this.charge(this.root, VALUE_COST);
    this.stack.push(new Frame(isArray, target, '', -1, this.root, this.root, null));
  }

  /** A list of entries begins: every object around it becomes a container. Returns the innermost. */
  private promote(): Place {
    let container: Place | null = null;
    for (const frame of this.stack) {
      if (frame.target === null || frame.isArray) continue;
      const place: Place = frame.place ?? new Place(frame.key, frame.index, container, frame.target);
      frame.place = place;
      if (place.ordinal < 0) {
        place.ordinal = this.ordinals++;
        frame.account = place;
        this.containersHeld += place.cost;
        if (this.containersHeld > CONTAINERS_BUDGET) place.oversized = true;
        this.events.push({ type: 'open', place });
      }
      container = place;
    }
    // The list's key was read inside an object, so there is always one.
    return container as Place;
  }

  private close(): void {
    const frame = this.stack.pop();
    const place = frame?.place;
    if (place) {
      if (place.ordinal >= 0) {
        this.containersHeld -= place.cost;
        this.events.push({ type: 'close', place });
      } else {
        this.events.push({ type: 'entry', place });
      }
    }
    if (this.stack.length === 0) this.finished = true;
  }

  private scalar(value: JsonValue): void {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) {
      this.started = true;
      if (this.shape) this.refuseRootValue();
      this.root = new Place('', -1, null, value);
      this.finished = true;
      return;
    }
    if (parent.target === null) {
      this.events.push({
        type: 'entry',
        place: new Place(parent.key, parent.nextIndex++, parent.holder, value),
      });
      return;
    }
    const cost =
      VALUE_COST +
      (parent.isArray ? 0 : parent.pendingKey.length) +
      (typeof value === 'string' ? value.length : 0);
    if (parent.isArray) parent.nextIndex++;
    if (parent.account && this.charge(parent.account, cost)) attach(parent, value);
  }

  /** A string, number or literal as the whole file: refused as soon as it starts, however long it is. */
  private refuseRootValue(): never {
    throw new FileDamaged(
      `The file holds a single JSON value where ${rootKind(this.shape?.root === 'array')} was expected`,
    );
  }

  /** Counts `cost` against the account's budget; false (and the account marked) when it does not fit. */
  private charge(account: Place, cost: number): boolean {
    if (account.oversized) return false;
    if (account.ordinal >= 0) {
      if (this.containersHeld + cost > CONTAINERS_BUDGET) {
        account.oversized = true;
        return false;
      }
      this.containersHeld += cost;
    } else if (account.cost + cost > this.entryBudget) {
      account.oversized = true;
      return false;
    }
    account.cost += cost;
    return true;
  }
}

function attach(frame: Frame, value: JsonValue): void {
  if (Array.isArray(frame.target)) frame.target.push(value);
  else if (frame.target) {
    // Assigned, "__proto__" would set the object's prototype: a file could slip fields into an entry.
    if (frame.pendingKey === '__proto__') {
      Object.defineProperty(frame.target, '__proto__', {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else frame.target[frame.pendingKey] = value;
  }
}

/** A string cut at MAX_TEXT_CHARS may end in half a surrogate pair: drop it rather than keep a broken character. */
function keepWholeCharacters(text: string): string {
  if (text.length < MAX_TEXT_CHARS) return text;
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
}
