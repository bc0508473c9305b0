/**
 * The lean Connect unary path (connect-unary-fast-path.ts) encodes a frozen message (platform/frozen-message.ts: the
 * same answer for every caller until its data changes) once per wire format instead of once per call; the lean gRPC
 * path keeps a frozen message's envelope by the same rule (grpc-fast-path.ts).
 */
const encodings = { binary: new WeakMap<object, Uint8Array>(), json: new WeakMap<object, Uint8Array>() };

/** The message's encoding, kept with it when the message is frozen; otherwise encoded afresh. */
export function encodeOnce(message: unknown, format: keyof typeof encodings, encode: () => Uint8Array): Uint8Array {
  if (typeof message !== "object" || message === null || !Object.isFrozen(message)) return encode();
  const kept = encodings[format].get(message);
  if (kept) return kept;
  const encoded = encode();
  encodings[format].set(message, encoded);
  return encoded;
}
