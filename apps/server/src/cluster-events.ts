import type { CachesResetEvent } from "./caches/cache-targets.js";
import type { ChatEvent } from "./chat/chat-events.js";
import type { GameServerEvent } from "./gameserver/gameserver-events.js";
import type { IdentityEvent } from "./identity/identity-events.js";
import type { ModerationEvent } from "./moderation/moderation-events.js";
import type { BusLostEvent, ClusterBus } from "./platform/bus/cluster-bus.js";

/**
 * Every event of the cluster bus, as its owners declare them beside their code. Types only: app.ts opens one bus for
 * all of them, and a part that listens on a topic is handed every event published there (a chat stream hears
 * moderation's bans and identity's sign-outs on its topics), so it switches over this union.
 */
export type ClusterEvent = ChatEvent | ModerationEvent | IdentityEvent | GameServerEvent | CachesResetEvent | BusLostEvent;
export type AppBus = ClusterBus<ClusterEvent>;
