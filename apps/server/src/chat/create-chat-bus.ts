import type { Config } from "../platform/config.js";
import type { Logger } from "../platform/logger.js";
import type { ChatBus } from "./chat-bus.js";
import { createInProcessChatBus } from "./in-process-chat-bus.js";
import { createNatsChatBus } from "./nats-chat-bus.js";
import type { DeliveryObserver } from "./local-fanout.js";

/** NATS when config.natsUrl is set (several nodes), otherwise in-process (one node). */
export async function createChatBus(config: Pick<Config, "natsUrl">, logger: Logger, observer?: DeliveryObserver): Promise<ChatBus> {
  if (config.natsUrl) return createNatsChatBus(config.natsUrl, logger, observer);
  return createInProcessChatBus((error) => logger.error({ err: error }, "chat listener failed"), observer);
}
