/**
 * Answers that are the same for every caller until the data changes (the cached map and dimension lists) are built
 * once per snapshot of that data and frozen. A service only says "this answer cannot change"; a transport may then
 * keep its encoding (platform/rpc/kept-encodings.ts): GetMaps costs neither building nor encoding. Frozen, because
 * an encoding kept for later calls must not go stale: nothing can change such a message after its first encoding.
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

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || ArrayBuffer.isView(value) || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}
