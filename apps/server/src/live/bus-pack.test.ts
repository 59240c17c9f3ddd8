import { describe, expect, it } from 'vitest';
import { packNotifications } from './bus';

describe('packNotifications (PostgreSQL NOTIFY batching)', () => {
  it('packs messages in order into as few payloads as fit under the NOTIFY limit', () => {
    const messages = Array.from({ length: 120 }, (_, i) =>
      JSON.stringify({ kind: 'topic', topic: `t:${i}`, type: 'queue.reset', data: 'x'.repeat(150) }),
    );
    const payloads = packNotifications('node-1', messages);
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.length).toBeLessThan(10);
    const decoded = payloads.map((p) => {
      expect(p.length).toBeLessThanOrEqual(7800);
      return JSON.parse(p) as { origin: string; messages: { topic: string }[] };
    });
    expect(decoded.every((d) => d.origin === 'node-1')).toBe(true);
    expect(decoded.flatMap((d) => d.messages.map((m) => m.topic))).toEqual(messages.map((_m, i) => `t:${i}`));
  });

  it('nothing to send gives no payload; one message gives one payload', () => {
    expect(packNotifications('n', [])).toEqual([]);
    expect(packNotifications('n', ['{"kind":"revoke","topic":"display:X"}'])).toEqual([
      '{"origin":"n","messages":[{"kind":"revoke","topic":"display:X"}]}',
    ]);
  });
});
