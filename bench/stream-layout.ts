/**
 * Which channel and which HTTP/2 connection each of the bench's streams uses. Stream i reads channel i % channels.
 * Each node gets the same number of connections (node n holds n * perNode … (n + 1) * perNode - 1), and each
 * channel's streams are spread over every node, as players behind a load balancer would be: a message then reaches
 * every node through the bus. With one node, stream i simply takes connection i % connections.
 */
export function streamLayout(input: { streams: number; channels: number; nodes: number; perConnection: number }) {
  const { streams, channels, nodes, perConnection } = input;
  const perNode = Math.ceil(streams / perConnection / nodes);
  return {
    connections: perNode * nodes,
    nodeOf: (connection: number) => Math.floor(connection / perNode),
    channelOf: (stream: number) => stream % channels,
    connectionOf: (stream: number) => (Math.floor(stream / channels) % nodes) * perNode + (stream % perNode),
  };
}
