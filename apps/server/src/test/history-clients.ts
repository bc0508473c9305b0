import { createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { ChatHistoryService } from "../gen/sro/moderation/chat_history_pb.js";
import { bearer } from "./bearer.js";

export type HistoryClient = Client<typeof ChatHistoryService>;

export function historyClient(baseUrl: string, token: string): HistoryClient {
  return createClient(ChatHistoryService, createConnectTransport({ baseUrl, httpVersion: "2", interceptors: [bearer(token)] }));
}
