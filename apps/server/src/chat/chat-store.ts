import type { Db } from "../platform/db/database.js";
import { createChannelStore } from "./channel-store.js";
import { createMessageReads } from "./message-reads.js";
import { createResumeReads } from "./resume-reads.js";
import { createSendStore } from "./send-store.js";

/**
 * Every SQL statement of the chat service, gathered from its parts (channels, sends, message reads). Knows rows,
 * not requests, tokens or status codes.
 */

export interface ChannelRow {
  id: string;
  name: string;
  dimensionId: string | null;
  public: boolean;
}

export type { StoredMessage } from "./stored-messages.js";

export function createChatStore(db: Db) {
  return { ...createChannelStore(db), ...createSendStore(db), ...createMessageReads(db), ...createResumeReads(db) };
}

export type ChatStore = ReturnType<typeof createChatStore>;
