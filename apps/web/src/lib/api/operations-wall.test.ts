import { create } from '@bufbuild/protobuf';
import { createClient, createRouterTransport } from '@connectrpc/connect';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  ChannelOperationsSchema,
  ChannelSampleSchema,
  OperationsHistorySchema,
  OperationsSampleSchema,
  OperationsSchema,
  OperationsService,
} from '../../gen/sro/moderation/operations_pb';
import { operationsQueries, samplesOfHistory, toWallSnapshot } from './operations-wall';

const T0 = 1_800_000_000_000;
const wallChannels = [
  create(ChannelOperationsSchema, { channelId: 'g', channelName: 'global' }),
  create(ChannelOperationsSchema, { channelId: 'a1', channelName: 'market', dimensionId: 'da', dimensionName: 'Alpha' }),
  create(ChannelOperationsSchema, { channelId: 'a2', channelName: 'help', dimensionId: 'da', dimensionName: 'Alpha' }),
];
const sample = (timeMs: number, channels: [string, number, number, number][]) =>
  create(OperationsSampleSchema, {
    timeMs: BigInt(timeMs),
    channels: channels.map(([channelId, openStreams, messagesPerMinute, deliveryP99Ms]) =>
      create(ChannelSampleSchema, { channelId, openStreams, messagesPerMinute, deliveryP99Ms }),
    ),
  });
const past = create(OperationsHistorySchema, {
  samples: [
    sample(T0 - 6_000, []),
    sample(T0 - 3_000, [
      ['a1', 2, 10, 4],
      ['a2', 1, 5, 9],
      ['gone', 7, 7, 7],
    ]),
  ],
});

describe("the wall's history from the server", () => {
  it('groups each sample by the dimensions of the latest channels, zero where nothing happened', () => {
    expect(samplesOfHistory(past, toWallSnapshot(create(OperationsSchema, { channels: wallChannels })).channels)).toEqual([
      {
        timeMs: T0 - 6_000,
        byDimension: { '': { openStreams: 0, messagesPerMinute: 0, deliveryP99Ms: 0 }, da: { openStreams: 0, messagesPerMinute: 0, deliveryP99Ms: 0 } },
      },
      {
        timeMs: T0 - 3_000,
        byDimension: { '': { openStreams: 0, messagesPerMinute: 0, deliveryP99Ms: 0 }, da: { openStreams: 3, messagesPerMinute: 15, deliveryP99Ms: 9 } },
      },
    ]);
  });

  it('is asked once, on the first poll; later polls add a point each', async () => {
    const calls: string[] = [];
    let pollMs = T0;
    const transport = createRouterTransport(({ service }) => {
      service(OperationsService, {
        getOperations: () => {
          calls.push('wall');
          pollMs += 3_000;
          return create(OperationsSchema, { timeMs: BigInt(pollMs), nodes: 1, channels: wallChannels });
        },
        getOperationsHistory: () => {
          calls.push('history');
          return past;
        },
      });
    });
    const queryClient = new QueryClient();
    const options = operationsQueries.wall(createClient(OperationsService, transport), queryClient);
    const first = await queryClient.fetchQuery(options);
    expect(first.history.map((s) => s.timeMs)).toEqual([T0 - 6_000, T0 - 3_000, T0 + 3_000]);
    const second = await queryClient.fetchQuery({ ...options, staleTime: 0 });
    expect(second.history.map((s) => s.timeMs)).toEqual([T0 - 6_000, T0 - 3_000, T0 + 3_000, T0 + 6_000]);
    expect(calls.sort()).toEqual(['history', 'wall', 'wall']);
  });

  it('starts from its first poll when the server has no history to give', async () => {
    const transport = createRouterTransport(({ service }) => {
      service(OperationsService, {
        getOperations: () => create(OperationsSchema, { timeMs: BigInt(T0), nodes: 1, channels: wallChannels }),
      });
    });
    const queryClient = new QueryClient();
    const data = await queryClient.fetchQuery(operationsQueries.wall(createClient(OperationsService, transport), queryClient));
    expect(data.history.map((s) => s.timeMs)).toEqual([T0]);
  });
});
