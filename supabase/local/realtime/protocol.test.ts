import { describe, expect, it } from 'vitest';
import { decodeBinary, decodeText, encodeText } from './protocol';

describe('phoenix frames', () => {
  it('round-trips vsn 2 arrays and vsn 1 objects', () => {
    const msg = { joinRef: '1', ref: '2', topic: 'realtime:x', event: 'phx_join', payload: { a: 1 } };
    expect(decodeText(encodeText('2.0.0', msg))).toEqual(msg);
    expect(decodeText(encodeText('1.0.0', msg))).toEqual(msg);
    expect(JSON.parse(encodeText('2.0.0', msg))).toEqual(['1', '2', 'realtime:x', 'phx_join', { a: 1 }]);
  });

  it('decodes a client binary broadcast push (kind 3, JSON payload)', () => {
    const enc = new TextEncoder();
    const [joinRef, ref, topic, event] = ['1', '5', 'realtime:room', 'ping'].map((s) => enc.encode(s));
    const payload = enc.encode(JSON.stringify({ n: 1 }));
    const buf = new Uint8Array([
      3,
      joinRef.length,
      ref.length,
      topic.length,
      event.length,
      0,
      1,
      ...joinRef,
      ...ref,
      ...topic,
      ...event,
      ...payload,
    ]);
    expect(decodeBinary(buf)).toEqual({
      joinRef: '1',
      ref: '5',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'ping', payload: { n: 1 } },
      binaryPayload: undefined,
    });
    expect(decodeBinary(new Uint8Array([9, 0, 0]))).toBeNull();
  });
});
