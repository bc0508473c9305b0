/**
 * The h2-floor bench's server (h2-floor.ts): Node's own http2 and nothing of ours. Every stream gets its response
 * headers and one message at once (the client's sign that it is open); on the parent's order it writes, group after
 * group of streams, one message to every stream of the group, as chat delivers one send to one channel.
 */
import http2 from "node:http2";
import { create, toBinary } from "@bufbuild/protobuf";
import { ChatMessageSchema } from "../apps/server/src/gen/sro/chat/chat_pb.js";
import { envelopeOf } from "./chat-fanout-clients.js";

export interface FloorOrder {
  writesPerSecond: number;
  seconds: number;
  groupSize: number;
}

export interface FloorReport {
  writes: number;
  /** The process's CPU over the writing phase, in microseconds. */
  userMicros: number;
  systemMicros: number;
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable across the two processes. */
export const epochMs = () => performance.timeOrigin + performance.now();

const envelope = (content: string) => envelopeOf(toBinary(ChatMessageSchema, create(ChatMessageSchema, { senderCharacterId: "floor", content, id: "1" })));

function serve(): void {
  const streams: http2.ServerHttp2Stream[] = [];
  const server = http2.createServer();
  server.on("stream", (stream) => {
    stream.on("error", () => {});
    // As the server's gRPC answers: trailers follow the messages.
    stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
    stream.write(envelope("warm-up"));
    streams.push(stream);
  });
  server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as { port: number }).port }));
  process.on("message", (order: FloorOrder) => {
    const groups = Math.max(1, Math.floor(streams.length / order.groupSize));
    const groupsPerSecond = order.writesPerSecond / order.groupSize;
    const started = performance.now();
    const cpu = process.cpuUsage();
    let sent = 0;
    let writes = 0;
    // Every millisecond, the groups due by now: sends spread evenly over time, as the chat bench paces its sends.
    const timer = setInterval(() => {
      const elapsed = Math.min((performance.now() - started) / 1000, order.seconds);
      for (const due = Math.floor(elapsed * groupsPerSecond); sent < due; sent++) {
        const message = envelope(String(epochMs()));
        for (let i = sent % groups; i < streams.length; i += groups) {
          streams[i]!.write(message);
          writes++;
        }
      }
      if (elapsed < order.seconds) return;
      clearInterval(timer);
      const used = process.cpuUsage(cpu);
      const report: FloorReport = { writes, userMicros: used.user, systemMicros: used.system };
      process.send!(report);
    }, 1);
  });
  process.on("disconnect", () => process.exit(0));
}

if (process.send) serve();
