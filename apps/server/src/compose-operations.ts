import type { AppBus } from "./cluster-events.js";
import { startClusterFigures, type ChatFigures } from "./chat/chat-figures.js";
import { createBanDisconnectStore, createBanDisconnects, type LastStreamEnded } from "./moderation/ban-disconnects.js";
import { createFiguresStore } from "./moderation/figures-store.js";
import { startOperationsHistory } from "./moderation/operations-history.js";
import { createOperationsService, type OperationsDeps } from "./moderation/operations-service.js";
import { createOperationsStore } from "./moderation/operations-store.js";
import { createQueueCountsStore } from "./moderation/queue-counts-store.js";
import type { Db } from "./platform/db/database.js";
import type { Logger } from "./platform/logger.js";

interface OperationsWallDeps extends Pick<OperationsDeps, "approvals" | "heldWaiting" | "online" | "now"> {
  db: Db;
  bus: AppBus;
  logger: Logger;
  chatFigures: ChatFigures;
  nodeId: string;
  /** This node's streams per account (app.ts): ban → disconnect is timed with it; not timed without. */
  lastStreamEnded?: LastStreamEnded;
}

/**
 * The operations wall, part of compose.ts: each node publishes its chat figures on the bus every few seconds and any
 * node sums them; the wall's history samples those sums; the service reads both beside its database figures. Each
 * node that hears an account ban end an account's streams records when its last one ended (ban-disconnects.ts).
 */
export function composeOperationsWall(deps: OperationsWallDeps) {
  const { db, bus, logger, now } = deps;
  const clusterFigures = startClusterFigures({
    bus,
    figures: deps.chatFigures,
    nodeId: deps.nodeId,
    now,
    onError: (error) => logger.warn({ err: error }, "could not publish this node's chat figures"),
  });
  const live = () => clusterFigures.cluster();
  const lastStreamEnded = deps.lastStreamEnded;
  if (lastStreamEnded) {
    const disconnects = createBanDisconnects({ lastStreamEnded, store: createBanDisconnectStore(db), logger });
    bus.watchControl((topic, event) => {
      if (topic.kind === "user" && event.type === "account-bans" && event.endStreams)
        void disconnects.heard(event.endStreams.sanctionId, topic.id, event.endStreams.issuedAtMs);
    });
  }
  const operationsHistory = startOperationsHistory({ live, now });
  const operations = createOperationsService({
    store: createOperationsStore(db),
    live,
    history: operationsHistory,
    queues: createQueueCountsStore(db),
    figures: createFiguresStore(db),
    approvals: deps.approvals,
    heldWaiting: deps.heldWaiting,
    online: deps.online,
    now,
  });
  return { clusterFigures, operationsHistory, operations };
}
