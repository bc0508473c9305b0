import { randomUUID } from "node:crypto";
import { createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { AppealClaimService } from "../gen/sro/moderation/appeal_claims_pb.js";
import { AppealService } from "../gen/sro/moderation/appeals_pb.js";
import { sanctionAppeals } from "../moderation/appeal-schema.js";
import type { Db } from "../platform/db/database.js";
import { bearer } from "./bearer.js";

export type AppealClient = Client<typeof AppealService>;

export function appealClient(baseUrl: string, token: string): AppealClient {
  return createClient(AppealService, createConnectTransport({ baseUrl, httpVersion: "2", interceptors: [bearer(token)] }));
}

/** An open appeal written straight to its table. */
export async function insertAppeal(db: Db, sanctionId: string, accountId: string, filedAt = new Date()): Promise<string> {
  const id = randomUUID();
  await db.insert(sanctionAppeals).values({ id, sanctionId, accountId, accountName: "player", reason: "other", text: "Please", filedAt });
  return id;
}

export type AppealClaimClient = Client<typeof AppealClaimService>;

export function appealClaimClient(baseUrl: string, token: string): AppealClaimClient {
  return createClient(AppealClaimService, createConnectTransport({ baseUrl, httpVersion: "2", interceptors: [bearer(token)] }));
}
