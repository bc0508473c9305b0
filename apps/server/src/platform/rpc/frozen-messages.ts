/**
 * Answers that are the same for every caller until the data changes (the cached map and dimension lists) are built
 * once per snapshot of that data and frozen, and the lean paths (fast-call.ts) encode a frozen message once per
 * wire format: GetMaps then costs neither building nor encoding. Frozen, because an encoding kept for later calls
 * must not go stale: nothing can change such a message after its first encoding.
 */
export function frozenMessageOf<S extends object, M extends object>(build: (source: S) => M): (source: S) => M {
  const built = new WeakMap<S, M>();
  return (source) => {
    let message = built.get(source);
    if (!message) {
      message = deepFreeze(build(source));
      built.set(source, message);
    }
    return message;
  };
}

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

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || ArrayBuffer.isView(value) || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}
