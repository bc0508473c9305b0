import type { ServiceImpl } from "@connectrpc/connect";
import { CharacterEvents } from "./character/character-events.js";
import { createCharacterService } from "./character/character-service.js";
import { createCharacterStore } from "./character/character-store.js";
import { createOwnerSearch } from "./character/owner-search.js";
import type { ChatBus } from "./chat/chat-bus.js";
import { createChatService } from "./chat/chat-service.js";
import { chatNoticesOfCharacters } from "./chat/character-notices.js";
import { createChatStore } from "./chat/chat-store.js";
import type { CharacterService } from "./gen/sro/character/character_pb.js";
import { createGameServices } from "./gameserver/game-services.js";
import type { Config } from "./platform/config.js";
import type { Database } from "./platform/db/database.js";
import type { Logger } from "./platform/logger.js";
import type { Metrics } from "./platform/metrics.js";

export interface ComposeDeps {
  config: Config;
  database: Pick<Database, "db" | "changes">;
  logger: Logger;
  /** Chat fan-out: in-process, or NATS when config.natsUrl is set. */
  chatBus: ChatBus;
  metrics?: Pick<Metrics, "chatDeliveries">;
}

export type Services = ReturnType<typeof composeServices>;

/**
 * Where the app is put together: every service of a server, built once, with its dependencies handed in. Every
 * router and lean path registers these same objects, so they share the in-memory map and dimension lists and the
 * chat send rate limiter. Services do not import each other; what one must hear from another is wired here.
 */
export function composeServices(deps: ComposeDeps) {
  const { config, database, logger, chatBus } = deps;
  const game = createGameServices({ config, database });
  const characterEvents = new CharacterEvents();
  const characters: ServiceImpl<typeof CharacterService> = createCharacterService(createCharacterStore(database.db), {
    unpagedMax: config.charactersUnpagedMax,
    maxPerPlayer: config.maxCharactersPerPlayer,
    dimensions: game.dimensionList,
    owners: createOwnerSearch({ adminUrl: config.identity.adminUrl, logger }),
    events: characterEvents,
  });
  // Chat streams of a deleted or edited character end or re-check access.
  characterEvents.subscribe(chatNoticesOfCharacters(chatBus, logger));
  const deliveries = deps.metrics?.chatDeliveries;
  const chat = createChatService({
    store: createChatStore(database.db),
    bus: chatBus,
    logger,
    onDelivered: deliveries && batchedCounter((n) => deliveries.inc(n)),
  });
  return {
    characters,
    chat,
    dimensions: game.dimensions,
    maps: game.maps,
    gameServerData: game.gameServerData,
    gameServerRegistry: game.gameServerRegistry,
  };
}

/** Counts in a plain number and hands the sum to the metric once per event-loop turn: a burst is 10,000 calls. */
function batchedCounter(flush: (n: number) => void): () => void {
  let pending = 0;
  return () => {
    if (pending++ === 0) {
      setImmediate(() => {
        flush(pending);
        pending = 0;
      });
    }
  };
}
