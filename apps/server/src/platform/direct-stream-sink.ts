import { createContextKey } from "@connectrpc/connect";

/**
 * A transport may offer a server stream this sink (context value `directStreamSinkKey`): a place to write messages
 * straight to the wire from a synchronous callback. The handler still returns one async iterable, which every
 * transport iterates; a stream that takes the sink writes its messages there and its iterator only settles when the
 * stream ends. Handlers depend on this neutral module, the transport that offers it
 * (platform/rpc/grpc-lean-path.ts) too; Connect-served calls have none.
 */
export interface DirectStreamSink {
  /** False when the message was not written: the client is gone (the stream should end). */
  write(message: unknown): boolean;
  /** Bytes written to the sink that the client has not taken yet (the transport's buffer for this stream). */
  readonly unreadBytes: number;
}

export const directStreamSinkKey = createContextKey<DirectStreamSink | undefined>(undefined, { description: "direct stream sink" });
