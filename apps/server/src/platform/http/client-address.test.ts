import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.js";
import type { AnyRequest } from "./listener.js";

const request = (forwarded?: string) =>
  ({ headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded }, socket: { remoteAddress: "10.0.0.5" } }) as unknown as AnyRequest;

describe("the client's address", () => {
  it("takes the trusted proxy's last hop when it is an IP address", () => {
    expect(clientAddress(request("198.51.100.1, 203.0.113.9"), true)).toBe("203.0.113.9");
    expect(clientAddress(request("2001:db8::1"), true)).toBe("2001:db8::1");
  });

  it("uses the socket's peer when the last hop is not an IP address, or the proxy is not trusted", () => {
    for (const hop of ["<script>alert(1)</script>", "evil.example", "203.0.113.9:4711", "unknown", "1.2.3.4, ", ""]) {
      expect(clientAddress(request(hop), true), hop).toBe("10.0.0.5");
    }
    expect(clientAddress(request("203.0.113.9"), false)).toBe("10.0.0.5");
    expect(clientAddress(request(), true)).toBe("10.0.0.5");
  });
});
