// Phoenix channel frames as realtime-js speaks them: vsn 2.0.0 JSON arrays (plus binary user
// broadcasts, kind 3 from the client and kind 4 to it) and vsn 1.0.0 JSON objects.

export interface PhxMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  /** Set for binary broadcasts whose user payload is raw bytes (encoding 0). */
  binaryPayload?: Uint8Array;
  /** A binary push's metadata bytes as sent (forwarded verbatim: re-encoding may outgrow one byte). */
  binaryMeta?: Uint8Array;
}

export type Vsn = '1.0.0' | '2.0.0';

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const strOrNull = (v: unknown): string | null => (v == null ? null : String(v));

export function decodeText(text: string): PhxMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (Array.isArray(parsed)) {
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return { joinRef: strOrNull(joinRef), ref: strOrNull(ref), topic, event, payload: asObject(payload) };
  }
  const o = asObject(parsed);
  if (typeof o.topic !== 'string' || typeof o.event !== 'string') return null;
  return {
    joinRef: strOrNull(o.join_ref),
    ref: strOrNull(o.ref),
    topic: o.topic,
    event: o.event,
    payload: asObject(o.payload),
  };
}

/** Decodes a client user-broadcast push (kind 3). */
export function decodeBinary(buf: Uint8Array): PhxMessage | null {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const lens = [buf[1], buf[2], buf[3], buf[4], buf[5]];
  const encoding = buf[6];
  let offset = 7;
  const parts: string[] = [];
  const dec = new TextDecoder();
  for (const len of lens) {
    if (offset + len > buf.length) return null;
    parts.push(dec.decode(buf.subarray(offset, offset + len)));
    offset += len;
  }
  const [joinRef, ref, topic, userEvent, metadata] = parts;
  const metaBytes = buf.slice(offset - lens[4], offset);
  const body = buf.subarray(offset);
  const payload: Record<string, unknown> = { type: 'broadcast', event: userEvent };
  let binaryPayload: Uint8Array | undefined;
  if (encoding === ENCODING_JSON) {
    try {
      payload.payload = JSON.parse(dec.decode(body));
    } catch {
      return null;
    }
  } else if (encoding === ENCODING_BINARY) {
    binaryPayload = new Uint8Array(body);
  } else {
    return null;
  }
  if (metadata) {
    try {
      payload.meta = JSON.parse(metadata);
    } catch {
      // metadata is optional
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload,
    binaryPayload,
    binaryMeta: binaryPayload && metaBytes.length > 0 ? metaBytes : undefined,
  };
}

export function encodeText(vsn: Vsn, msg: Omit<PhxMessage, 'binaryPayload'>): string {
  if (vsn === '2.0.0') return JSON.stringify([msg.joinRef, msg.ref, msg.topic, msg.event, msg.payload]);
  return JSON.stringify({
    topic: msg.topic,
    event: msg.event,
    payload: msg.payload,
    ref: msg.ref,
    join_ref: msg.joinRef,
  });
}

/** Topic, event and metadata each carry a one-byte length in a binary frame. */
export const MAX_BINARY_FIELD_BYTES = 255;

/**
 * A server user broadcast with a raw-bytes payload (kind 4; realtime-js decodes it for vsn 2), or null
 * when a field does not fit its one-byte length (a wrapped length would corrupt the frame for every
 * subscriber). `meta` is the metadata JSON as bytes.
 */
export function encodeBinaryBroadcast(
  topic: string,
  userEvent: string,
  payload: Uint8Array,
  meta?: Uint8Array,
): Uint8Array | null {
  const enc = new TextEncoder();
  const t = enc.encode(topic);
  const e = enc.encode(userEvent);
  const m = meta ?? new Uint8Array(0);
  if (Math.max(t.length, e.length, m.length) > MAX_BINARY_FIELD_BYTES) return null;
  const out = new Uint8Array(5 + t.length + e.length + m.length + payload.length);
  out.set([KIND_USER_BROADCAST, t.length, e.length, m.length, ENCODING_BINARY], 0);
  let o = 5;
  for (const part of [t, e, m, payload]) {
    out.set(part, o);
    o += part.length;
  }
  return out;
}
