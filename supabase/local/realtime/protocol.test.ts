import Serializer from '@supabase/realtime-js/dist/module/lib/serializer.js';
import { describe, expect, it } from 'vitest';
import { decodeBinary, decodeText, encodeBinaryBroadcast, encodeText, MAX_BINARY_FIELD_BYTES } from './protocol';

const enc = new TextEncoder();

/** What realtime-js (the subscribers' client) makes of a server frame. */
function clientDecode(frame: Uint8Array): { topic: string; payload: Record<string, unknown> } {
  let out: { topic: string; payload: Record<string, unknown> } | undefined;
  const buf = frame.buffer.slice(frame.byteOffset, frame.byteOffset + frame.byteLength);
  new Serializer().decode(buf as ArrayBuffer, (m: typeof out) => (out = m));
  return out!;
}

/** A client kind-3 push with raw-bytes payload (encoding 0); each field given as bytes. */
function push(topic: Uint8Array, event: Uint8Array, meta: Uint8Array, payload: Uint8Array): Uint8Array {
  const [joinRef, ref] = [enc.encode('1'), enc.encode('7')];
  const head = [3, joinRef.length, ref.length, topic.length, event.length, meta.length, 0];
  return new Uint8Array([...head, ...joinRef, ...ref, ...topic, ...event, ...meta, ...payload]);
}

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

  it('frames a server binary broadcast with fields of exactly 255 bytes that realtime-js decodes', () => {
    // 'é' is 2 bytes: a check on string length instead of bytes would get these wrong.
    const topic = `realtime:${'é'.repeat(123)}`; // 9 + 246 = 255 bytes
    const event = 'é'.repeat(127) + 'x'; // 255 bytes
    const meta = enc.encode(JSON.stringify({ note: 'é'.repeat(121) + 'ab' })); // 255 bytes
    expect([enc.encode(topic).length, enc.encode(event).length, meta.length]).toEqual([255, 255, 255]);
    const frame = encodeBinaryBroadcast(topic, event, new Uint8Array([0, 1, 255]), meta);
    expect(frame).not.toBeNull();
    const got = clientDecode(frame!);
    expect(got.topic).toBe(topic);
    expect(got.payload.event).toBe(event);
    expect(got.payload.meta).toEqual({ note: 'é'.repeat(121) + 'ab' });
    expect([...new Uint8Array(got.payload.payload as ArrayBuffer)]).toEqual([0, 1, 255]);
  });

  it('refuses to frame a topic, event or metadata over 255 bytes instead of wrapping its length', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const long = 'é'.repeat(128); // 128 characters, 256 bytes
    expect(MAX_BINARY_FIELD_BYTES).toBe(255);
    expect(encodeBinaryBroadcast(`realtime:${long}`, 'e', bytes)).toBeNull();
    expect(encodeBinaryBroadcast('realtime:room', long, bytes)).toBeNull();
    expect(encodeBinaryBroadcast('realtime:room', 'e', bytes, enc.encode(JSON.stringify({ m: long })))).toBeNull();
    expect(encodeBinaryBroadcast('realtime:room', 'e', bytes, new Uint8Array(256).fill(0x20))).toBeNull();
  });

  it("keeps a push's metadata bytes verbatim, and refuses an event that re-encodes past 255 bytes", () => {
    const topic = enc.encode('realtime:room');
    const payload = new Uint8Array([9, 8, 7]);
    // Metadata that JSON would re-serialise longer (1e30 -> 1e+30) is forwarded as sent.
    const meta = enc.encode(`{"seq":[${Array.from({ length: 45 }, () => '1e30').join(',')}]}`);
    expect(meta.length).toBeLessThanOrEqual(255);
    const ok = decodeBinary(push(topic, enc.encode('blob'), meta, payload))!;
    expect(ok.binaryMeta).toEqual(meta);
    const frame = encodeBinaryBroadcast('realtime:room', String(ok.payload.event), ok.binaryPayload!, ok.binaryMeta);
    expect((clientDecode(frame!).payload.meta as { seq: number[] }).seq).toHaveLength(45);

    // 200 bytes that are not UTF-8 decode to 200 replacement characters, 600 bytes once encoded again.
    const bad = decodeBinary(push(topic, new Uint8Array(200).fill(0xff), new Uint8Array(0), payload))!;
    expect(bad.payload.event).toBe('\ufffd'.repeat(200));
    expect(encodeBinaryBroadcast('realtime:room', String(bad.payload.event), bad.binaryPayload!)).toBeNull();
  });
});
