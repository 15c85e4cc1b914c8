import { describe, expect, it } from 'vitest';
import { generatedSource } from './fixtures/helpers.js';
import { MAX_ENTRY_CHARS, MAX_JSON_DEPTH, sampleJson, walkJson, type WalkShape } from './json-walker.js';
import { bufferSource, readHead } from './source.js';
import { FileDamaged, MAX_TEXT_CHARS } from './types.js';

/** The bytes of `text` in pieces of `size` bytes (a multi-byte character may be cut between two). */
async function* pieces(bytes: Uint8Array, size = 256 * 1024) {
  for (let at = 0; at < bytes.length; at += size) {
    await Promise.resolve();
    yield bytes.subarray(at, at + size);
  }
}

/** The events of walking `text`, as plain data (`place` reduced to what the tests look at). */
async function events(text: string | Uint8Array, shape: WalkShape, size?: number, where?: () => string) {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const seen: { type: string; key: string; index: number; ordinal: number; depth: number; value: unknown }[] =
    [];
  for await (const { type, place } of walkJson(pieces(bytes, size), shape, where)) {
    seen.push({
      type,
      key: place.key,
      index: place.index,
      ordinal: place.ordinal,
      depth: place.depth,
      value: JSON.parse(JSON.stringify(place.value)) as unknown,
    });
  }
  return seen;
}

async function failure(promise: Promise<unknown>): Promise<FileDamaged> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(FileDamaged);
  return error as FileDamaged;
}

const LIST: WalkShape = { root: 'array' };
const TREE: WalkShape = { root: 'object', collection: (key) => key === 'children' };

describe('walkJson', () => {
  it('hands over the entries of a root list one by one', async () => {
    const seen = await events('[{"a":1,"b":[true,null]},"text",-2.5e3]', LIST);
    expect(seen.map(({ type, index, value }) => [type, index, value])).toEqual([
      ['entry', 0, { a: 1, b: [true, null] }],
      ['entry', 1, 'text'],
      ['entry', 2, -2500],
    ]);
  });

  it('opens a container with the fields read so far and closes it with all of them', async () => {
    const json =
      '{"title":"root","children":[{"title":"A","children":[{"uri":"u"}],"name":"after"},{"uri":"v"}]}';
    const seen = await events(json, TREE, 1);
    expect(
      seen.map(({ type, key, index, ordinal, depth, value }) => [type, key, index, ordinal, depth, value]),
    ).toEqual([
      ['open', '', -1, 0, 0, { title: 'root' }],
      ['open', 'children', 0, 1, 1, { title: 'A' }],
      ['entry', 'children', 0, -1, 2, { uri: 'u' }],
      ['close', 'children', 0, 1, 1, { title: 'A', name: 'after' }],
      ['entry', 'children', 1, -1, 1, { uri: 'v' }],
      ['close', '', -1, 0, 0, { title: 'root' }],
    ]);
  });

  it('finds lists only where the shape says, and nests containers named by their key', async () => {
    const shape: WalkShape = { root: 'object', collection: (key, depth) => depth === 0 && key === 'links' };
    const seen = await events('{"links":[{"url":"u","links":[1]}],"other":{"links":[2]}}', shape, 1);
    expect(seen.map(({ type, value }) => [type, value])).toEqual([
      ['open', {}],
      ['entry', { url: 'u', links: [1] }],
      ['close', { other: { links: [2] } }],
    ]);
  });

  it('reads the same whatever the pieces the bytes come in', async () => {
    const json = JSON.stringify({
      children: [
        { title: 'Café ☕ 😀', uri: 'https://example.com/ü', tags: 'a,b' },
        { title: '\u00e9\\"\n' },
      ],
      note: 'x'.repeat(1000),
    });
    // A container's fields grow as the file is read: compare them once it closes.
    const settled = async (size?: number) =>
      (await events(json, TREE, size)).map((event) =>
        event.type === 'open' ? { ...event, value: null } : event,
      );
    const whole = await settled();
    for (const size of [1, 2, 3, 7, 64]) expect(await settled(size)).toEqual(whole);
  });

  it('reads UTF-16 with its byte-order mark', async () => {
    const text = '[{"title":"Zürich 😀"}]';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect((await events(utf16, LIST, 3))[0]?.value).toEqual({ title: 'Zürich 😀' });
  });

  it('cuts a long string at MAX_TEXT_CHARS, never in the middle of a character', async () => {
    const long = 'a'.repeat(MAX_TEXT_CHARS - 1) + '😀' + 'b'.repeat(10);
    const [entry] = await events(JSON.stringify([{ title: long }]), LIST, 1000);
    const title = (entry?.value as { title: string }).title;
    expect(title).toBe('a'.repeat(MAX_TEXT_CHARS - 1));
  });

  it('skips the values of ignored keys', async () => {
    const shape: WalkShape = { root: 'array', ignore: (key) => key === 'content' };
    const json = JSON.stringify([
      { content: { html: '<p>…</p>', nested: [1, [2]] }, url: 'u' },
      { content: 'x', url: 'v' },
    ]);
    expect((await events(json, shape)).map(({ value }) => value)).toEqual([{ url: 'u' }, { url: 'v' }]);
  });

  it('keeps __proto__ as an ordinary key', async () => {
    const [entry] = await events('[{"__proto__":{"polluted":true},"url":"u"}]', LIST);
    expect(Object.keys(entry?.value as object)).toEqual(['__proto__', 'url']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('reads a number too long to mean anything as NaN', async () => {
    const [entry] = await events(`[{"n":${'9'.repeat(100)},"m":1659184459926000}]`, LIST);
    expect(entry?.value).toEqual({ n: null, m: 1659184459926000 });
  });

  it('marks an entry over its budget, and does not hold what did not fit', async () => {
    const big = 'x'.repeat(MAX_TEXT_CHARS);
    const fields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, big]));
    const seen: { oversized: boolean; cost: number }[] = [];
    const bytes = Buffer.from(JSON.stringify([{ url: 'u', ...fields }, { url: 'v' }]));
    for await (const { place } of walkJson(pieces(bytes), LIST)) seen.push(place);
    expect(seen.map((place) => place.oversized)).toEqual([true, false]);
    expect(seen[0]!.cost).toBeLessThanOrEqual(MAX_ENTRY_CHARS);
  });

  it('follows 10,000 nested containers without recursion', async () => {
    const depth = 10_000;
    const json = '{"children":['.repeat(depth) + '{"uri":"deep"}' + ']}'.repeat(depth);
    const seen = await events(json, TREE);
    expect(seen.filter(({ type }) => type === 'open')).toHaveLength(depth);
    expect(seen.find(({ type }) => type === 'entry')).toMatchObject({ depth, value: { uri: 'deep' } });
  });

  describe('a file it cannot read to the end', () => {
    it('refuses nesting deeper than MAX_JSON_DEPTH', async () => {
      const error = await failure(events('['.repeat(MAX_JSON_DEPTH + 10), LIST));
      expect(error.message).toMatch(/more than 50,000 levels deep/);
    });

    it('hands over what comes before the place where the file is cut short, and says where', async () => {
      const seen: unknown[] = [];
      let count = 0;
      const walk = async () => {
        const bytes = Buffer.from('[{"a":1},{"b":2},{"c":');
        for await (const { place } of walkJson(pieces(bytes), LIST, () => `entry ${count + 1}`)) {
          seen.push(place.value);
          count++;
        }
      };
      const error = await failure(walk());
      expect(seen).toHaveLength(2);
      expect(error.message).toMatch(/cut short/);
      expect(error.position).toBe('entry 3');
    });

    it('hands over what comes before a syntax error, but for its last few KB', async () => {
      const entries = Array.from({ length: 2000 }, (_, i) =>
        JSON.stringify({ i, url: `https://example.com/${i}` }),
      );
      const json = `[${entries.join(',')},{"i":2000,]`;
      const seen: unknown[] = [];
      const walk = async () => {
        for await (const { place } of walkJson(pieces(Buffer.from(json)), LIST)) seen.push(place.value);
      };
      const error = await failure(walk());
      expect(error.message).toMatch(/not valid JSON \(.*\) between characters/);
      expect(seen.length).toBeGreaterThan(1600);
      expect(seen.at(-1)).toEqual({ i: seen.length - 1, url: `https://example.com/${seen.length - 1}` });
    });

    it.each([
      ['{"hello":1}', LIST, /an object .* where a list .* was expected/],
      ['[1,2,3]', TREE, /a list .* where an object .* was expected/],
      ['"text"', LIST, /a single JSON value/],
      ['', LIST, /holds no JSON/],
      ['   \n', LIST, /holds no JSON/],
      ['<html></html>', LIST, /not valid JSON/],
      ['[] []', LIST, /not valid JSON/],
    ])('%j read as %o ends in a clear error', async (text, shape, message) => {
      expect((await failure(events(text, shape))).message).toMatch(message);
    });
  });
});

describe('sampleJson', () => {
  const sample = async (text: string) => {
    const source = bufferSource(Buffer.from(text));
    return sampleJson(source, await readHead(source));
  };

  it('is nothing for a file that does not start as JSON does', async () => {
    expect(await sample('<!DOCTYPE html><p>[{"a":1}]</p>')).toBeUndefined();
    expect(await sample('"text"')).toBeUndefined();
  });

  it('is the root with what fits, keys in any order', async () => {
    expect(await sample('\ufeff {"version":1,"roots":{"bookmark_bar":{"children":[]}}}')).toEqual({
      version: 1,
      roots: { bookmark_bar: { children: [] } },
    });
  });

  it('holds the whole first entry of a list, even after megabytes of article', async () => {
    const first = {
      content: '<p>' + 'x'.repeat(3_000_000) + '</p>',
      url: 'https://example.com/',
      is_archived: 1,
    };
    const value = (await sample(JSON.stringify([first, { url: 'second' }]))) as Record<string, unknown>[];
    expect(value[0]).toMatchObject({ url: 'https://example.com/', is_archived: 1 });
  });

  it('reads no further than the first entry of a list', async () => {
    let piecesRead = 0;
    const source = generatedSource(
      {
        prefix: '[{"href":"https://example.com/"},{"description":"',
        filler: 'a',
        size: 50 * 1024 * 1024,
        suffix: '"}]',
      },
      () => piecesRead++,
    );
    const value = await sampleJson(source, await readHead(source));
    expect((value as unknown[])[0]).toEqual({ href: 'https://example.com/' });
    expect(piecesRead).toBeLessThan(5);
  });

  it('is what came before the break in a broken file', async () => {
    expect(await sample('[{"url":"u"},{"url":')).toEqual([{ url: 'u' }, {}]);
  });
});
