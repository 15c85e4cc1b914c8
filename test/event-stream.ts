import { type IncomingMessage, get } from 'node:http';
import { expect } from 'vitest';

/** One Server-Sent Event as the stream wrote it. */
export interface Received {
  event: string;
  data: unknown;
}

/**
 * Opens GET /api/events at `origin` as a browser would (a refresh cookie, or an Authorization header) and
 * collects the events it receives, parsed.
 */
export function openStream(origin: string, headers: Record<string, string>) {
  const received: Received[] = [];
  return new Promise<{ res: IncomingMessage; received: Received[]; close: () => void }>((resolve, reject) => {
    const req = get(`${origin}/api/events`, { headers }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) received.push({ event, data: JSON.parse(data) });
        }
      });
      resolve({ res, received, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

/** Waits up to 5 s for `check` to hold. */
export async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
}
