import { createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { ApprovalService } from "../gen/sro/moderation/approvals_pb.js";
import { bearer } from "./bearer.js";

export type ApprovalClient = Client<typeof ApprovalService>;

export function approvalClient(baseUrl: string, token: string): ApprovalClient {
  return createClient(ApprovalService, createConnectTransport({ baseUrl, httpVersion: "2", interceptors: [bearer(token)] }));
}
