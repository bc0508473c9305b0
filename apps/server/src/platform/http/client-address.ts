import { isIP } from "node:net";
import type { AnyRequest } from "./listener.js";

/**
 * The client's address; X-Forwarded-For's last hop only when the proxy in front is trusted (TRUST_PROXY) and that hop
 * is an IP address. Anything else there (a name, a port, text) is not an address: the socket's peer is used instead.
 */
export function clientAddress(req: AnyRequest, trustProxy: boolean): string {
  const forwarded = req.headers["x-forwarded-for"];
  if (trustProxy && typeof forwarded === "string") {
    const hop = forwarded.split(",").at(-1)!.trim();
    if (isIP(hop) !== 0) return hop;
  }
  return req.socket?.remoteAddress ?? "unknown";
}
