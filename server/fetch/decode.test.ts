import type { ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { usePageServer } from '../../test/page-server.js';
import { extractPage } from '../enrich/extract.js';
import { decode } from './decode.js';
import { SafeFetcher, pageText } from './safe-fetcher.js';

/**
 * Text in legacy encodings, as the bytes a server sends (encoded once with iconv-lite, kept here as hex so
 * the test needs no encoder) and the text they must decode to.
 */
const SAMPLES = {
  shiftJis: {
    text: '東京の天気は晴れ、気温は二十度です。',
    hex: '938c8b9e82cc93568b4382cd90b082ea81418b4389b782cd93f18f5c937882c582b78142',
  },
  gbk: {
    text: '北京欢迎你，中文网页测试。',
    hex: 'b1b1bea9bbb6d3adc4e3a3acd6d0cec4cdf8d2b3b2e2cad4a1a3',
  },
  // 𠮷 is outside GBK: GB18030 writes it in four bytes.
  gb18030: { text: '汉字𠮷与欧元符号€', hex: 'babad7d69534b235d3ebc5b7d4aab7fbbac5a2e3' },
  // Bytes 0x80–0x9F are windows-1252 (€, curly quotes, dashes), which browsers use for "iso-8859-1" too.
  windows1252: {
    text: 'Café – “quoted” costs €5 — naïve',
    hex: '436166e92096209371756f7465649420636f7374732080352097206e61ef7665',
  },
  latin1: {
    text: 'Ångström, naïve façade, ¿qué?',
    hex: 'c56e67737472f66d2c206e61ef7665206661e76164652c20bf7175e93f',
  },
};
type Sample = keyof typeof SAMPLES;

/** A page whose title and paragraph are the sample, with an optional declaration in the head. */
function page(sample: Sample, head = ''): Buffer {
  const text = Buffer.from(SAMPLES[sample].hex, 'hex');
  return Buffer.concat([
    Buffer.from(`<!doctype html><html><head>${head}<title>`),
    text,
    Buffer.from('</title></head><body><p>'),
    text,
    Buffer.from('</p></body></html>'),
  ]);
}

const serve =
  (body: Buffer, contentType: string) =>
  (_req: unknown, res: ServerResponse): void => {
    res.writeHead(200, { 'content-type': contentType }).end(body);
  };

const CASES: [string, Sample, string, Buffer][] = [
  ['Shift_JIS in the header only', 'shiftJis', 'text/html; charset=Shift_JIS', page('shiftJis')],
  [
    'Shift_JIS in <meta charset> only',
    'shiftJis',
    'text/html',
    page('shiftJis', '<meta charset="shift_jis">'),
  ],
  [
    'Shift_JIS in <meta http-equiv> only',
    'shiftJis',
    'text/html',
    page('shiftJis', '<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'),
  ],
  ['GBK in the header only (quoted)', 'gbk', 'text/html; charset="GBK"', page('gbk')],
  ['GBK in <meta charset> only', 'gbk', 'text/html', page('gbk', '<meta charset=gbk>')],
  [
    'GB2312 label in <meta http-equiv> only (decoded as GBK)',
    'gbk',
    'text/html',
    page('gbk', '<meta http-equiv="content-type" content="text/html;charset=gb2312">'),
  ],
  ['GB18030 in the header only', 'gb18030', 'text/html; charset=gb18030', page('gb18030')],
  ['GB18030 in <meta charset> only', 'gb18030', 'text/html', page('gb18030', '<meta charset="GB18030">')],
  ['ISO-8859-1 in the header only', 'latin1', 'text/html; charset=ISO-8859-1', page('latin1')],
  ['ISO-8859-1 in <meta charset> only', 'latin1', 'text/html', page('latin1', '<meta charset="iso-8859-1">')],
  [
    'ISO-8859-1 in <meta http-equiv> only',
    'latin1',
    'text/html',
    page('latin1', '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'),
  ],
  [
    'windows-1252 bytes labelled ISO-8859-1 in the header',
    'windows1252',
    'text/html; charset=iso-8859-1',
    page('windows1252'),
  ],
  [
    'windows-1252 in <meta charset> only',
    'windows1252',
    'text/html',
    page('windows1252', '<meta charset="windows-1252">'),
  ],
  [
    'windows-1252 in <meta http-equiv> only',
    'windows1252',
    'text/html',
    page('windows1252', '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'),
  ],
  [
    'the header wins over a contradicting <meta> (HTML Standard)',
    'shiftJis',
    'text/html; charset=shift_jis',
    page('shiftJis', '<meta charset="utf-8">'),
  ],
  [
    'a UTF-8 byte order mark wins over the header',
    'gbk',
    'text/html; charset=iso-8859-1',
    Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`<title>${SAMPLES.gbk.text}</title><p>${SAMPLES.gbk.text}</p>`),
    ]),
  ],
  [
    'no declaration at all: UTF-8',
    'shiftJis',
    'text/html',
    Buffer.from(`<title>${SAMPLES.shiftJis.text}</title><p>${SAMPLES.shiftJis.text}</p>`),
  ],
  [
    'an unknown label in the header is ignored for the <meta>',
    'gbk',
    'text/html; charset=x-no-such-charset',
    page('gbk', '<meta charset="gbk">'),
  ],
];

describe('charset detection and decoding, served on 127.0.0.1', () => {
  const routes = Object.fromEntries(
    CASES.map(([, , contentType, body], i) => [`/page/${i}`, serve(body, contentType)]),
  );
  const pages = usePageServer(routes);
  const fetcher = new SafeFetcher(['127.0.0.1']);
  afterAll(() => fetcher.close());

  it.each(CASES.map((c, i) => [c[0], c[1], i] as const))('%s', async (_name, sample, index) => {
    const fetched = await fetcher.fetch(pages.url(`/page/${index}`));
    const text = pageText(fetched);
    const expected = SAMPLES[sample].text;
    expect(text).toContain(`<p>${expected}</p>`);
    expect(text).not.toContain('\uFFFD');
    expect(extractPage(text ?? '', fetched.url).metadata.title).toBe(expected);
  });
});

describe('decode', () => {
  it('reads the charset parameter however it is written', () => {
    const bytes = Buffer.from(SAMPLES.shiftJis.hex, 'hex');
    for (const header of [
      'text/html;charset=sjis',
      'text/html; Charset="Shift_JIS"',
      "text/html; charset='ms932'",
    ]) {
      expect(decode(bytes, header)).toBe(SAMPLES.shiftJis.text);
    }
  });
});
