/**
 * A frozen message (platform/frozen-message.ts: the same answer for every caller until its data changes, or chat's
 * live message, the same for every stream) is encoded once per wire format instead of once per call or stream: the
 * lean gRPC path keeps its envelopes. Only frozen ones:
 * anything else may change between writes, and Connect encodes every write afresh.
 */
type KeptEncoding = <M>(message: M, encode: (message: M) => Uint8Array) => Uint8Array;

const byFormat = new Map<string, KeptEncoding>();

/** The encoder that keeps one format's encoding (a name: "binary", "json", a gRPC envelope per compression, …). */
export function keptEncoding(format: string): KeptEncoding {
  let kept = byFormat.get(format);
  if (!kept) {
    const encodings = new WeakMap<object, Uint8Array>();
    kept = (message, encode) => {
      if (typeof message !== "object" || message === null || !Object.isFrozen(message)) return encode(message);
      let encoded = encodings.get(message);
      if (!encoded) encodings.set(message, (encoded = encode(message)));
      return encoded;
    };
    byFormat.set(format, kept);
  }
  return kept;
}
