import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { SanctionKind, SanctionSchema, SanctionScope, SanctionService, type Sanction } from "../gen/sro/moderation/moderation_pb.js";
import { bearer } from "./bearer.js";

export type SanctionClient = Client<typeof SanctionService>;

export function sanctionClient(baseUrl: string, token: string): SanctionClient {
  return createClient(SanctionService, createConnectTransport({ baseUrl, httpVersion: "2", interceptors: [bearer(token)] }));
}

/** The error a promise fails with (the test fails when it succeeds). */
export async function errorOf(promise: Promise<unknown>): Promise<ConnectError> {
  try {
    await promise;
  } catch (error) {
    return ConnectError.from(error);
  }
  throw new Error("expected the call to fail");
}

/** The Sanction a refusal carries as a Connect error detail. */
export const sanctionDetail = (error: ConnectError): Sanction | undefined => error.findDetails(SanctionSchema)[0];

export const kinds = { mute: SanctionKind.MUTE, ban: SanctionKind.BAN } as const;
export const scopes = { channel: SanctionScope.CHANNEL, dimension: SanctionScope.DIMENSION, everywhere: SanctionScope.EVERYWHERE } as const;
export { Code };
