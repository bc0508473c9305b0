/**
 * `grpc-message` as the gRPC spec percent-encodes it: UTF-8 bytes outside printable ASCII, and "%", as %XX;
 * everything else as is. Connect-ES encodes with encodeURIComponent ("/" → "%2F", " " → "%20"); grpc-js decodes
 * with decodeURI, which leaves "%2F" as is, and protobuf-ts does not decode at all, so their users would read
 * "permission%20denied%3A…" instead of the message.
 */
export function specPercentEncode(message: string): string {
  let out = "";
  for (const byte of Buffer.from(message, "utf8")) {
    out += byte >= 0x20 && byte <= 0x7e && byte !== 0x25 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A `grpc-message` Connect wrote, re-encoded the spec's way (unchanged when it does not decode). */
export function respecGrpcMessage(value: string): string {
  try {
    return specPercentEncode(decodeURIComponent(value));
  } catch {
    return value;
  }
}

/** The same for a Headers object (headers or trailers), in place. */
export function respecGrpcMessageIn(headers: Headers | undefined): void {
  const value = headers?.get("grpc-message");
  if (value !== null && value !== undefined) headers!.set("grpc-message", respecGrpcMessage(value));
}
