import { describe, expect, it } from "vitest";
import { streamLayout } from "./stream-layout.js";

/** Where each stream goes: its node, connection and channel. */
function placements(streams: number, channels: number, nodes: number, perConnection: number) {
  const layout = streamLayout({ streams, channels, nodes, perConnection });
  return Array.from({ length: streams }, (_, i) => {
    const connection = layout.connectionOf(i);
    return { node: layout.nodeOf(connection), connection, channel: layout.channelOf(i), connections: layout.connections };
  });
}

describe("the chat bench's stream layout", () => {
  it("with one node, stream i takes connection i % connections, as before there were nodes", () => {
    const placed = placements(10_000, 100, 1, 1_000);
    expect(placed[0]!.connections).toBe(10);
    placed.forEach((p, i) => expect([p.node, p.connection]).toEqual([0, i % 10]));
  });

  it("with two nodes, every channel has half its streams on each, and every connection holds its share", () => {
    const placed = placements(10_000, 100, 2, 1_000);
    const perChannelNode = new Map<string, number>();
    const perConnection = new Map<number, number>();
    for (const p of placed) {
      perChannelNode.set(`${p.channel}/${p.node}`, (perChannelNode.get(`${p.channel}/${p.node}`) ?? 0) + 1);
      perConnection.set(p.connection, (perConnection.get(p.connection) ?? 0) + 1);
    }
    expect(perChannelNode.size).toBe(200);
    expect(new Set(perChannelNode.values())).toEqual(new Set([50]));
    expect([...perConnection.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(perConnection.values())).toEqual(new Set([1_000]));
  });

  it("a single channel still reaches every node", () => {
    const placed = placements(10_000, 1, 2, 1_000);
    expect(placed.filter((p) => p.node === 0)).toHaveLength(5_000);
    expect(placed.filter((p) => p.node === 1)).toHaveLength(5_000);
  });
});
