import { Code } from "@connectrpc/connect";

/** HTTP status for each code (docs/wire.md, docs/product.md#texts-and-errors). */
export const httpStatusOf: Readonly<Record<Code, number>> = {
  [Code.Canceled]: 499,
  [Code.Unknown]: 500,
  [Code.InvalidArgument]: 400,
  [Code.DeadlineExceeded]: 504,
  [Code.NotFound]: 404,
  [Code.AlreadyExists]: 409,
  [Code.PermissionDenied]: 403,
  [Code.ResourceExhausted]: 429,
  [Code.FailedPrecondition]: 412,
  [Code.Aborted]: 409,
  [Code.OutOfRange]: 400,
  [Code.Unimplemented]: 501,
  [Code.Internal]: 500,
  [Code.Unavailable]: 503,
  [Code.DataLoss]: 500,
  [Code.Unauthenticated]: 401,
};

const codeByConnectName = new Map<string, Code>(
  Object.values(Code)
    .filter((v): v is Code => typeof v === "number")
    .map((code) => [Code[code].replace(/[A-Z]/g, (c, i: number) => (i ? "_" : "") + c.toLowerCase()), code]),
);

/** "not_found" → Code.NotFound (Connect's JSON error names). */
export function codeFromConnectName(name: unknown): Code {
  return (typeof name === "string" && codeByConnectName.get(name)) || Code.Unknown;
}

/** The REST error body: `{code, message}` with the numeric gRPC code. */
export function restErrorBody(code: Code, message: string): string {
  return JSON.stringify({ code, message });
}
