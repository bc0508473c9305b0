import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import {
  FiguresWindow,
  ModerationFiguresSchema,
  TimeToActionSchema,
  type ModerationFigures,
  type ModerationFiguresRequest,
  ChannelOperationsSchema,
  ChannelSampleSchema,
  DimensionPlayersSchema,
  OperationsHistorySchema,
  OperationsSampleSchema,
  OperationsSchema,
  QueueCountsSchema,
  QueueFigureSchema,
  type Operations,
  type OperationsHistory as OperationsHistoryMessage,
  type OperationsService,
  type QueueCounts,
} from "../gen/sro/moderation/operations_pb.js";
import { holdsCapability } from "../platform/auth/caller.js";
import type { CapabilityName } from "../platform/auth/capabilities.js";
import type { FiguresStore, WaitFigures } from "./figures-store.js";
import type { OperationsHistory } from "./operations-history.js";
import type { OperationsStore } from "./operations-store.js";
import type { QueueCountsStore, QueueFigures } from "./queue-counts-store.js";

/** Live figures of one channel summed over the cluster's nodes (chat/chat-figures.ts, handed in by compose.ts). */
export interface LiveChannelFigures {
  openStreams: number;
  messagesPerMinute: number;
  deliveryP99Ms: number;
}

/** What the chat service reports for the cluster: nodes seen in the last ~15 s and their summed figures. */
export type LiveFigures = () => { nodes: number; channels: Map<string, LiveChannelFigures> };

/** Held messages waiting for review per channel id: the review lane's reader, handed in by compose.ts. */
export type HeldWaiting = () => Promise<Map<string, { count: number; oldestSentAtMs: number }>>;

/**
 * Who plays now per dimension, from the game-server registry (handed in by compose.ts); `unknown` says why it cannot
 * be told (local mode), with no dimensions then.
 */
export type OnlineByDimension = () => Promise<{
  dimensions: { dimensionId: string; dimensionName: string; players: number; servers: number }[];
  unknown: string;
}>;

const HOUR_MS = 3_600_000;

/** The windows the moderation figures look back over. */
const WINDOW_MS: Partial<Record<FiguresWindow, number>> = {
  [FiguresWindow.HOUR]: HOUR_MS,
  [FiguresWindow.DAY]: 24 * HOUR_MS,
  [FiguresWindow.WEEK]: 7 * 24 * HOUR_MS,
  [FiguresWindow.MONTH]: 30 * 24 * HOUR_MS,
};

const timeToAction = (w: WaitFigures) => create(TimeToActionSchema, { count: w.count, p50Ms: w.p50Ms ?? undefined, p90Ms: w.p90Ms ?? undefined });

/** Each queue's figure goes only to callers holding the capability that opens its screen (docs/permissions.md). */
const QUEUE_CAPABILITIES = {
  reports: "reports.work",
  heldMessages: "held-messages.review",
  appeals: "appeals.read",
} as const satisfies Record<keyof QueueCountsStore, CapabilityName>;

export interface OperationsDeps {
  store: OperationsStore;
  live: LiveFigures;
  heldWaiting: HeldWaiting;
  history: Pick<OperationsHistory, "samples">;
  online: OnlineByDimension;
  queues: QueueCountsStore;
  figures: FiguresStore;
  /** Pending approval requests the caller may decide (approval-service.ts), for holders of approvals.work. */
  approvals?: (ctx: HandlerContext) => Promise<QueueFigures>;
  now?: () => number;
}

/**
 * GetOperations (staff: permissions.ts): the live wall, one row per channel and who plays per dimension, cheap
 * enough to poll every 3 s. GetOperationsHistory: the last minutes of it, asked once when a wall opens.
 */
export function createOperationsService(deps: OperationsDeps) {
  const now = deps.now ?? Date.now;
  return {
    async getOperations(): Promise<Operations> {
      const nowMs = now();
      const [channels, sanctions, held, online] = await Promise.all([
        deps.store.channels(),
        deps.store.sanctionsSince(new Date(nowMs - HOUR_MS)),
        deps.heldWaiting(),
        deps.online(),
      ]);
      const live = deps.live();
      return create(OperationsSchema, {
        timeMs: BigInt(nowMs),
        nodes: live.nodes,
        sanctionsLastHour: sanctions.total,
        online: online.dimensions.map((d) => create(DimensionPlayersSchema, d)),
        onlineUnknown: online.unknown,
        channels: channels.map((c) => {
          const figures = live.channels.get(c.id);
          const waiting = held.get(c.id);
          return create(ChannelOperationsSchema, {
            channelId: c.id,
            channelName: c.name,
            dimensionId: c.dimensionId,
            dimensionName: c.dimensionName,
            openStreams: figures?.openStreams ?? 0,
            messagesPerMinute: figures?.messagesPerMinute ?? 0,
            deliveryP99Ms: figures?.deliveryP99Ms ?? 0,
            heldWaiting: waiting?.count ?? 0,
            oldestHeldAgeMs: BigInt(waiting && waiting.count > 0 ? Math.max(0, nowMs - waiting.oldestSentAtMs) : 0),
            sanctionsLastHour: sanctions.byChannel.get(c.id) ?? 0,
          });
        }),
      });
    },

    /** GetQueueCounts (every signed-in caller): the figures of the queues the caller's capabilities open. */
    async getQueueCounts(_req: unknown, ctx: HandlerContext): Promise<QueueCounts> {
      const names = (Object.keys(QUEUE_CAPABILITIES) as (keyof QueueCountsStore)[]).filter((q) => holdsCapability(ctx, QUEUE_CAPABILITIES[q]));
      const approvals = deps.approvals && holdsCapability(ctx, "approvals.work") ? deps.approvals : undefined;
      const [figures, approvalFigures] = await Promise.all([Promise.all(names.map((q) => deps.queues[q]())), approvals?.(ctx)]);
      const nowMs = now();
      const figureOf = (f: QueueFigures) =>
        create(QueueFigureSchema, { open: f.open, oldestAgeMs: BigInt(f.oldestAt ? Math.max(0, nowMs - f.oldestAt.getTime()) : 0) });
      return create(QueueCountsSchema, {
        timeMs: BigInt(nowMs),
        ...Object.fromEntries(names.map((q, i) => [q, figureOf(figures[i]!)])),
        approvals: approvalFigures && figureOf(approvalFigures),
      });
    },

    /**
     * GetModerationFigures (staff, like the wall): how fast the queues are worked, repeat offences and ban to
     * disconnect, over a window.
     */
    async getModerationFigures(req: ModerationFiguresRequest): Promise<ModerationFigures> {
      const windowMs = WINDOW_MS[req.window];
      if (windowMs === undefined) {
        throw new ConnectError("window: must be one of FIGURES_WINDOW_HOUR, _DAY, _WEEK or _MONTH (1 h, 24 h, 7 d, 30 d)", Code.InvalidArgument);
      }
      const nowMs = now();
      const range = { from: new Date(nowMs - windowMs), to: new Date(nowMs) };
      const [reports, held, appeals, repeat, disconnects] = await Promise.all([
        deps.figures.reports(range),
        deps.figures.heldMessages(range),
        deps.figures.appeals(range),
        deps.figures.repeatOffences(range),
        deps.figures.banDisconnects(range),
      ]);
      return create(ModerationFiguresSchema, {
        timeMs: BigInt(nowMs),
        window: req.window,
        reports: timeToAction(reports),
        heldMessages: timeToAction(held),
        appeals: timeToAction(appeals),
        appealsUpheld: appeals.upheld,
        appealsShortened: appeals.shortened,
        appealsRevoked: appeals.revoked,
        sanctionedAccounts: repeat.sanctioned,
        repeatAccounts: repeat.repeat,
        banDisconnects: disconnects.count,
        banDisconnectP50Ms: disconnects.p50Ms ?? undefined,
        banDisconnectP99Ms: disconnects.p99Ms ?? undefined,
      });
    },

    getOperationsHistory(): OperationsHistoryMessage {
      return create(OperationsHistorySchema, {
        samples: deps.history.samples().map((s) =>
          create(OperationsSampleSchema, {
            timeMs: BigInt(s.timeMs),
            channels: s.channels.map(([channelId, openStreams, messagesPerMinute, deliveryP99Ms]) =>
              create(ChannelSampleSchema, { channelId, openStreams, messagesPerMinute, deliveryP99Ms }),
            ),
          }),
        ),
      });
    },
  } satisfies ServiceImpl<typeof OperationsService>;
}
