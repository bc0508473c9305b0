import { createTestDatabase, startTestServer, type TestServer } from "./test-server.js";

/** The two-node suites need what the nodes share: a real PostgreSQL (DATABASE_URL) and a NATS broker (NATS_URL). */
export const twoNodesAvailable = Boolean(process.env.NATS_URL && process.env.DATABASE_URL);

export interface TwoNodes {
  a: TestServer;
  b: TestServer;
  /** Stops both nodes and drops their database. */
  close(): Promise<void>;
}

/**
 * Two servers sharing one fresh PostgreSQL database and one NATS broker (`natsUrl`: NATS_URL, or a relay in front of
 * it), with `extraEnv` on both. Each node has its own test issuer, so a user's tokens are minted per node.
 */
export async function startTwoNodes(natsUrl = process.env.NATS_URL!, extraEnv: Record<string, string> = {}): Promise<TwoNodes> {
  const database = await createTestDatabase();
  const env = { ...extraEnv, DATABASE_URL: database.url, NATS_URL: natsUrl };
  const started = await Promise.allSettled([startTestServer({ env }), startTestServer({ env })]);
  const nodes = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const close = async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await database.drop();
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { a: nodes[0]!, b: nodes[1]!, close };
}
