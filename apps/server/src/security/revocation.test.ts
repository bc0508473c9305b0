import { Code } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupIdOf } from "../identity/group-tree.js";
import { demoAccounts } from "../platform/demo-accounts.js";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, StreamReader } from "../test/chat-fixtures.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { gameApi } from "../test/game-api.js";
import { signIn, TestBrowser } from "../test/oidc-test-client.js";

/**
 * Finding 9: banning, disabling or demoting a user reached the game API only when their token expired (up to 5 min).
 * Now the embedded provider announces the change on the chat bus; every node refuses the old token at once and ends
 * its open streams (asserted within 2 s).
 */
describe("revocation on ban and demotion (embedded provider)", () => {
  let s: EmbeddedServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    s = await startEmbeddedServer();
    for (const name of ["admin", "player", "moderator"]) {
      tokens[name] = (await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: name, password: name })).access_token;
    }
  });
  afterAll(() => s.close());

  const membership = (userId: string, group: string, method: "PUT" | "DELETE") =>
    fetch(`${s.url}/admin/realms/default/users/${userId}/groups/${groupIdOf(group)}`, { method, headers: { authorization: `Bearer ${tokens.admin}` } });

  it("a banned player's next call is refused and open streams end within 2 s, over Connect and gRPC", async () => {
    const db = s.server.database.db;
    const player = demoAccounts.find((a) => a.username === "player")!;
    const dimension = await insertDimension(db);
    const character = await insertCharacter(db, player.id, dimension);
    const channel = await insertChannel(db, { public: true });
    const connect = chatClient(s.url, tokens.player!);
    const grpc = chatClient(s.url, tokens.player!, (interceptors) => createGrpcTransport({ baseUrl: s.url, interceptors }));
    const send = () => connect.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: character, content: "still here" } });
    expect(await codeOf(send())).toBe("ok");
    const streams = [connect, grpc].map((c) => new StreamReader(c.connectChatChannel({ channelId: channel, characterId: character })));
    await Promise.all(streams.map((r) => r.waitFor(1)));

    expect((await membership(player.id, "/Banned", "PUT")).status).toBe(204);
    const started = performance.now();
    const ends = await Promise.all(streams.map((r) => r.ended));
    expect(performance.now() - started).toBeLessThan(2000);
    for (const end of ends) expect(end?.code).toBe(Code.Unauthenticated);
    expect(await codeOf(send())).toBe(Code.Unauthenticated);
  });

  it("a demoted admin can no longer create maps with the old token", async () => {
    const api = gameApi(s.url, "connect");
    const admin = demoAccounts.find((a) => a.username === "admin")!;
    expect((await api.call("CreateMap", { name: "Before Demotion", mapPath: "/Game/Maps/Before" }, tokens.admin)).code).toBe("ok");
    // The admin demotes themself (the users API checks the database, so the call itself is allowed).
    expect((await membership(admin.id, "/Moderator/Admin", "DELETE")).status).toBe(204);
    expect((await api.call("CreateMap", { name: "After Demotion", mapPath: "/Game/Maps/After" }, tokens.admin)).code).toBe(Code.Unauthenticated);
    // Other users are not affected.
    expect((await api.call("GetMaps", {}, tokens.moderator)).code).toBe("ok");
  });
});
