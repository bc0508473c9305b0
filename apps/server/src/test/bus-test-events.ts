import type { BusLostEvent } from "../platform/bus/cluster-bus.js";

/** The bus carries any tagged JSON; its tests send events shaped like chat's messages and a few control events. */
export type TestEvent =
  | { type: "message"; message: { id: number; senderCharacterId: string; content: string; sentAtMs: number }; publishedAtMs?: number }
  | { type: "sanctioned"; kind: "mute" | "ban"; scope: "channel" | "dimension" | "everywhere"; scopeId: string | null }
  | { type: "deleted" }
  | BusLostEvent;

export const testMessage = (id: number, content = `m${id}`): TestEvent => ({ type: "message", message: { id, senderCharacterId: "s", content, sentAtMs: id } });
