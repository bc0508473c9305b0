import type { Interceptor } from "@connectrpc/connect";

/** A client interceptor that sends `token` as the bearer token of every call. */
export const bearer =
  (token: string): Interceptor =>
  (next) =>
  (req) => {
    req.header.set("authorization", `Bearer ${token}`);
    return next(req);
  };
