import { createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { createInProcessBus } from "../platform/bus/in-process-bus.js";

import { createMessageDeletion } from "../moderation/message-deletion.js";
import { chatMessages } from "../chat/schema.js";
import { createLogger } from "../platform/logger.js";
import { ReportService } from "../gen/sro/moderation/reports_pb.js";
import { ReportClaimService } from "../gen/sro/moderation/report_claims_pb.js";
import type { Db } from "../platform/db/database.js";
import { bearer } from "./bearer.js";
import type { ClusterEvent } from "../cluster-events.js";

export type ReportClient = Client<typeof ReportService>;

export function reportClient(baseUrl: string, token: string): ReportClient {
  return createClient(ReportService, createConnectTransport({ baseUrl, httpVersion: "2", interceptors: [bearer(token)] }));
}

export type ReportClaimClient = Client<typeof ReportClaimService>;

export function reportClaimClient(baseUrl: string, token: string): ReportClaimClient {
  return createClient(ReportClaimService, createConnectTransport({ baseUrl, httpVersion: "2", interceptors: [bearer(token)] }));
}

/** A channel message written straight to its table; its id as the wire carries it. */
export async function storeMessage(db: Db, channelId: string, senderCharacterId: string, sentAtMs: number, content: string): Promise<string> {
  const [row] = await db
    .insert(chatMessages)
    .values({ channelId, senderCharacterId, content, sentAt: new Date(sentAtMs) })
    .returning({ id: chatMessages.id });
  return String(row!.id);
}

/** The chat history's deletion on an in-process bus (what compose.ts hands the report service). */
export function messageDeletionFor(db: Db) {
  return createMessageDeletion({ db, bus: createInProcessBus<ClusterEvent>(() => {}), logger: createLogger("silent") });
}
