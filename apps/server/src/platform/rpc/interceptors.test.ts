import { Writable } from "node:stream";
import { Code, ConnectError, createContextValues, type StreamResponse } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { ChatService } from "../../gen/sro/chat/chat_pb.js";
import { requestIdKey } from "../auth/caller.js";
import { createLogger } from "../logger.js";
import { observeInterceptor, toConnectError } from "./interceptors.js";

describe("error mapping", () => {
  it("keeps deliberate statuses", () => {
    const error = new ConnectError("name: must be 3..64 characters", Code.InvalidArgument);
    expect(toConnectError(error, "r1")).toBe(error);
  });

  it("hides unexpected errors behind INTERNAL with the request id, never the original text", () => {
    const mapped = toConnectError(new Error('syntax error at or near "SELECT password FROM users"'), "req-42");
    expect(mapped.code).toBe(Code.Internal);
    expect(mapped.rawMessage).toBe("internal error (request id req-42)");
    expect(mapped.rawMessage).not.toContain("SELECT");
  });

  it("maps a client that went away (premature close, aborted body) to CANCELED, a database reset to UNAVAILABLE", () => {
    const premature = Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
    expect(toConnectError(premature, "r").code).toBe(Code.Canceled);
    expect(toConnectError(Object.assign(new Error("aborted"), { code: "ECONNRESET" }), "r").code).toBe(Code.Canceled);
    expect(toConnectError(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }), "r").code).toBe(Code.Unavailable);
  });

  it("maps unique violations and lost connections, also when wrapped by the ORM", () => {
    const unique = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" });
    expect(toConnectError(new Error("Failed query", { cause: unique }), "r").code).toBe(Code.AlreadyExists);
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(toConnectError(refused, "r").code).toBe(Code.Unavailable);
    const shutdown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(toConnectError(new Error("Failed query", { cause: shutdown }), "r").code).toBe(Code.Unavailable);
  });
});

describe("observed server streams", () => {
  /** What connect-node does when a write to a client that went away fails: throw() the error into the body. */
  it("a write failure thrown back into a stream is CANCELED at info, also when the inner iterator has no throw", async () => {
    const lines: { level: number; code?: string }[] = [];
    const logger = createLogger("info", new Writable({ write: (c, _e, done) => (lines.push(JSON.parse(String(c)) as (typeof lines)[number]), done()) }));
    let returned = false;
    // Like endOnRevocation's iterator: next and return only.
    const inner: AsyncIterable<unknown> = {
      [Symbol.asyncIterator]: () => ({
        next: () => Promise.resolve({ done: false, value: { n: 1 } }),
        return: () => ((returned = true), Promise.resolve({ done: true, value: undefined })),
      }),
    };
    const method = ChatService.method.connectChatChannel;
    const next = observeInterceptor(logger)(() => Promise.resolve({ stream: true, message: inner } as unknown as StreamResponse));
    const res = (await next({
      stream: true,
      service: ChatService,
      method,
      contextValues: createContextValues().set(requestIdKey, "r1"),
    } as never)) as StreamResponse;
    const it = res.message[Symbol.asyncIterator]();
    expect((await it.next()).done).toBe(false);
    const premature = Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
    const thrown = await it.throw!(premature).catch((error: unknown) => error);
    expect(ConnectError.from(thrown).code).toBe(Code.Canceled);
    expect(returned).toBe(true);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.map((l) => l.code)).toEqual(["Canceled"]);
  });
});
