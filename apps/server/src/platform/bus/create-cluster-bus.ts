import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import type { BusEvent, ClusterBus } from "./cluster-bus.js";
import { createInProcessBus } from "./in-process-bus.js";
import type { DeliveryObserver } from "./local-fanout.js";
import { createNatsBus } from "./nats-bus.js";

/** NATS when config.natsUrl is set (several nodes), otherwise in-process (one node). */
export async function createClusterBus<E extends BusEvent>(
  config: Pick<Config, "natsUrl">,
  logger: Logger,
  observer?: DeliveryObserver,
): Promise<ClusterBus<E>> {
  if (config.natsUrl) return createNatsBus<E>(config.natsUrl, logger, observer);
  return createInProcessBus<E>((error) => logger.error({ err: error }, "bus listener failed"), observer);
}
