import type { AnyRequest } from "./listener.js";

/** The client's address; X-Forwarded-For's last hop only when the proxy in front is trusted (TRUST_PROXY). */
export function clientAddress(req: AnyRequest, trustProxy: boolean): string {
  const forwarded = req.headers["x-forwarded-for"];
  if (trustProxy && typeof forwarded === "string" && forwarded.trim()) {
    return forwarded.split(",").at(-1)!.trim();
  }
  return req.socket?.remoteAddress ?? "unknown";
}
