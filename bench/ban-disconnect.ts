import { loadavg } from "node:os";
import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { CharacterService } from "../apps/server/src/gen/sro/character/character_pb.js";
import { ChatService } from "../apps/server/src/gen/sro/chat/chat_pb.js";
import { DimensionService } from "../apps/server/src/gen/sro/gameserver/gameserver_pb.js";
import { SanctionKind, SanctionScope, SanctionService } from "../apps/server/src/gen/sro/moderation/moderation_pb.js";
import { serverDistLabel, serverNodeVersion, startServerProcess, type ServerProcess } from "../apps/server/src/test/server-process.js";
import { STAFF_AMR, startTestIssuer } from "../apps/server/src/test/test-issuer.js";
import { createTestDatabase } from "../apps/server/src/test/test-server.js";
import { LeanGrpcChatClient } from "./chat-fanout-clients.js";
import { fmt, percentiles } from "./load.js";

/**
 * Ban to disconnect: how long after a moderator's IssueSanction the banned account's last open stream has ended.
 * 10,000 chat streams (100 accounts × 100) are held on the last node; account bans are issued one after another on
 * the first. With DATABASE_URL and NATS_URL: two server processes on PostgreSQL and NATS (the ban crosses nodes);
 * otherwise one node on PGlite. Target: p99 ≤ 200 ms.
 */
const ACCOUNTS = Number(process.env.BENCH_BAN_ACCOUNTS ?? 100);
const STREAMS_PER_ACCOUNT = Number(process.env.BENCH_BAN_STREAMS_PER_ACCOUNT ?? 100);
const BANS = Number(process.env.BENCH_BAN_COUNT ?? 50);
const TARGET_P99_MS = 200;

export async function run() {
  const twoNodes = Boolean(process.env.DATABASE_URL && process.env.NATS_URL);
  const issuer = await startTestIssuer();
  const database = twoNodes ? await createTestDatabase() : undefined;
  const env: Record<string, string> = {
    OIDC_ISSUER: issuer.issuer,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    CHAT_STREAMS_PER_ACCOUNT: String(STREAMS_PER_ACCOUNT),
    DATABASE_URL: database?.url ?? "",
    NATS_URL: twoNodes ? process.env.NATS_URL! : "",
  };
  const servers: ServerProcess[] = [];
  // One after the other: the first creates the schema.
  for (let i = 0; i < (twoNodes ? 2 : 1); i++) servers.push(await startServerProcess(env, "dist", { readyWithinMs: 240_000 }));
  const [issuing, holding] = [servers[0]!, servers.at(-1)!];
  const clients: LeanGrpcChatClient[] = [];
  try {
    const token = (sub: string, groups: string[]) => issuer.mint({ sub, preferred_username: sub, groups, amr: STAFF_AMR }, { lifetimeSeconds: 3600 });
    const admin = { authorization: `Bearer ${await token("bench-admin", ["/Moderator/Admin"])}` };
    const setup = createGrpcTransport({ baseUrl: issuing.url });
    const dimension = await createClient(DimensionService, setup).createDimension(
      { name: "Bench", version: "1", location: "bench", mapIds: [] },
      { headers: admin },
    );
    const chat = createClient(ChatService, setup);
    const channel = await chat.createChatChannel({ name: "Bench bans", public: true }, { headers: admin });
    const characters = createClient(CharacterService, setup);
    const create = (ownerId: string, name: string) =>
      characters.createCharacter({ ownerId, name, gender: "male", realm: "human", dimensionId: dimension.id }, { headers: admin });
    const speaker = await create("bench-admin", "Bench Speaker");
    // The history every stream gets first: a stream that has it is subscribed on its node.
    await chat.sendChatChannelMessage({ channelId: channel.id, chatMessage: { senderCharacterId: speaker.id, content: "welcome" } }, { headers: admin });

    // Each account: one character, one HTTP/2 connection to the holding node, its streams on it.
    const accounts: { sub: string; endedAt: number[]; allEnded: Promise<void> }[] = [];
    const opening = performance.now();
    for (let a = 0; a < ACCOUNTS; a++) {
      const sub = `bench-player-${a}`;
      const character = await create(sub, `Bench Player ${a}`);
      const client = new LeanGrpcChatClient(holding.url, await token(sub, ["/Player/Member"]));
      clients.push(client);
      const endedAt: number[] = [];
      let markAllEnded!: () => void;
      accounts.push({ sub, endedAt, allEnded: new Promise<void>((resolve) => (markAllEnded = resolve)) });
      const subscribed = Array.from({ length: STREAMS_PER_ACCOUNT }, () => {
        let markSubscribed!: () => void;
        const ready = new Promise<void>((resolve) => (markSubscribed = resolve));
        void client
          .connectChatChannel(channel.id, character.id, new AbortController().signal, () => markSubscribed())
          .then(() => {
            endedAt.push(performance.now());
            markSubscribed();
            if (endedAt.length === STREAMS_PER_ACCOUNT) markAllEnded();
          });
        return ready;
      });
      await Promise.all(subscribed);
      if (endedAt.length > 0) throw new Error(`${endedAt.length} streams of ${sub} ended before any ban`);
    }
    const openSeconds = (performance.now() - opening) / 1000;

    const sanctions = createClient(SanctionService, setup);
    const load = loadavg()[0]!;
    const toLast: number[] = [];
    const toFirst: number[] = [];
    const issueMs: number[] = [];
    for (let b = 0; b < Math.min(BANS, ACCOUNTS); b++) {
      const started = performance.now();
      await sanctions.issueSanction(
        { kind: SanctionKind.BAN, scope: SanctionScope.EVERYWHERE, accountId: accounts[b]!.sub, durationSeconds: 3600n, reason: "Bench" },
        { headers: admin },
      );
      issueMs.push(performance.now() - started);
      await accounts[b]!.allEnded;
      toFirst.push(Math.min(...accounts[b]!.endedAt) - started);
      toLast.push(Math.max(...accounts[b]!.endedAt) - started);
    }
    const last = percentiles(toLast);
    const first = percentiles(toFirst);
    const issued = percentiles(issueMs);
    console.log(
      `\n## Ban to disconnect: ${ACCOUNTS * STREAMS_PER_ACCOUNT} streams (${ACCOUNTS} accounts × ${STREAMS_PER_ACCOUNT}), ${twoNodes ? "two nodes, PostgreSQL + NATS, ban issued on the other node" : "one node, PGlite"}, server on Node.js ${serverNodeVersion()}${serverDistLabel()}\n`,
    );
    console.log(
      "| bans | IssueSanction p50 / p99 ms | to first stream ended p50 / p99 ms | to last stream ended p50 / p99 ms | streams opened in s | load (1 min) |",
    );
    console.log("|---|---|---|---|---|---|");
    console.log(
      `| ${toLast.length} | ${fmt(issued.p50)} / ${fmt(issued.p99)} | ${fmt(first.p50)} / ${fmt(first.p99)} | ${fmt(last.p50)} / ${fmt(last.p99)} | ${fmt(openSeconds)} | ${fmt(load)} |`,
    );
    console.log(`\nTarget p99 ≤ ${TARGET_P99_MS} ms to the last stream: ${last.p99 <= TARGET_P99_MS ? "met" : "missed"}.`);
  } finally {
    for (const client of clients) client.close();
    for (const server of servers) await server.stop();
    await issuer.close();
    await database?.drop();
  }
}
