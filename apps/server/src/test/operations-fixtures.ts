import { createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { OperationsService, type Operations } from "../gen/sro/moderation/operations_pb.js";
import { bearer } from "./bearer.js";

export type OperationsClient = Client<typeof OperationsService>;

/** An OperationsService client that sends `token` (Connect over HTTP/2). */
export const operationsClient = (baseUrl: string, token: string): OperationsClient =>
  createClient(OperationsService, createConnectTransport({ baseUrl, httpVersion: "2", interceptors: [bearer(token)] }));

/** The wall's row of one channel. */
export const channelOf = (ops: Operations, channelId: string) => ops.channels.find((c) => c.channelId === channelId);
