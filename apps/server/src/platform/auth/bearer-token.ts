/** The token of an `Authorization: Bearer <token>` header (RFC 6750 §2.1), or undefined when there is none. */
export function bearerTokenOf(header: string | null | undefined): string | undefined {
  const match = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}
