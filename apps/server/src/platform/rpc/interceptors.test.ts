import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { toConnectError } from "./interceptors.js";

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

  it("maps unique violations and lost connections, also when wrapped by the ORM", () => {
    const unique = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" });
    expect(toConnectError(new Error("Failed query", { cause: unique }), "r").code).toBe(Code.AlreadyExists);
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(toConnectError(refused, "r").code).toBe(Code.Unavailable);
    const shutdown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(toConnectError(new Error("Failed query", { cause: shutdown }), "r").code).toBe(Code.Unavailable);
  });
});
