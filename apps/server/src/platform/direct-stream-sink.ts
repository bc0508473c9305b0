import { createContextKey } from "@connectrpc/connect";

/**
 * A transport may offer a server-stream handler this sink (context value `directStreamSinkKey`): write a message
 * straight to the wire from a synchronous callback, skipping even the handler's own async iteration. Handlers depend
 * on this neutral module, the transport that offers it (platform/rpc/grpc-stream-fast-path.ts) too; Connect-served
 * calls have none.
 */
export interface DirectStreamSink {
  /** False when the message was not written: the client is gone or reads too slowly (the handler should end). */
  write(message: unknown): boolean;
}

export const directStreamSinkKey = createContextKey<DirectStreamSink | undefined>(undefined, { description: "direct stream sink" });
