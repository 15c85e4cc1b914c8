import { describe, expect, it } from 'vitest';
import { eventData, eventText } from './events.js';

describe('stream events', () => {
  it('writes an event as text/event-stream and reads its data back', () => {
    const job = { linkId: '00000000-0000-4000-8000-000000000001', status: 'running' } as const;
    const text = eventText('job', job);
    expect(text).toBe(`event: job\ndata: ${JSON.stringify(job)}\n\n`);
    expect(eventData('job', JSON.stringify(job))).toEqual(job);
  });

  it('reads nothing from data outside the contract', () => {
    expect(eventData('job', '{"linkId":"x","status":"sleeping"}')).toBeNull();
    expect(eventData('link-deleted', 'not json')).toBeNull();
    expect(eventData('import', undefined)).toBeNull();
  });
});
