import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, type ChatClient } from "../test/chat-fixtures.js";
import { rest } from "../test/rest-client.js";
import { startTestServer, type TestServer } from "../test/test-server.js";
import { Code } from "@connectrpc/connect";

/**
 * The three chat rpcs whose REST bindings take no body (docs/wire.md): the fields come from the query. Clients
 * built against the original bindings send `?duration=60`, `?ids=CH`, `?add=true&ids=CH` with an empty body.
 */
describe("chat REST bindings from the query string", () => {
  let t: TestServer;
  let player: ChatClient;
  let dimension: string;
  beforeAll(async () => {
    t = await startTestServer();
    player = chatClient(t.url, t.users.player.token);
    dimension = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  const mine = () => insertCharacter(t.server.database.db, t.users.player.sub, dimension);
  const send = (channelId: string, characterId: string) =>
    codeOf(player.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: characterId, content: "hi" } }));
  const authorized = async (characterId: string) =>
    (await rest(t.url, "GET", `/v1/character/id/${characterId}/channels`, { token: t.users.admin.token })).json.channels
      .map((c: { id: string }) => c.id)
      .sort();

  it("POST …/ban?duration=60 with no body bans; without duration it is refused, never read as 'lift'", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await mine();
    const path = `/v1/characters/id/${me}/channels/${channel}/ban`;
    expect(await rest(t.url, "POST", `${path}?duration=60`, { token: t.users.moderator.token })).toMatchObject({ status: 200 });
    expect(await send(channel, me)).toBe(Code.PermissionDenied);
    const missing = await rest(t.url, "POST", path, { token: t.users.moderator.token });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ code: Code.InvalidArgument, message: 'field "duration" is required: give it in the query (?duration=…)' });
    expect(await send(channel, me)).toBe(Code.PermissionDenied);
    // An explicit 0 lifts it, as docs/wire.md says.
    expect(await rest(t.url, "POST", `${path}?duration=0`, { token: t.users.moderator.token })).toMatchObject({ status: 200 });
    expect(await send(channel, me)).toBe("ok");
  });

  it("a client that still sends the JSON body keeps working; a field in both places is refused", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await mine();
    const path = `/v1/characters/id/${me}/channels/${channel}/ban`;
    expect(await rest(t.url, "POST", path, { token: t.users.moderator.token, body: { duration: "-1" } })).toMatchObject({ status: 200 });
    expect(await send(channel, me)).toBe(Code.PermissionDenied);
    const twice = await rest(t.url, "POST", `${path}?duration=0`, { token: t.users.moderator.token, body: { duration: "0" } });
    expect(twice.status).toBe(400);
    expect(twice.json.message).toContain('"duration"');
  });

  it("POST …/channels?ids= sets and PUT …?add=true&ids= adds authorizations", async () => {
    const db = t.server.database.db;
    const [a, b, c] = [await insertChannel(db), await insertChannel(db), await insertChannel(db)];
    const me = await mine();
    const path = `/v1/characters/id/${me}/channels`;
    expect(await rest(t.url, "POST", `${path}?ids=${a}&ids=${b}`, { token: t.users.admin.token })).toMatchObject({ status: 200 });
    expect(await authorized(me)).toEqual([a, b].sort());
    expect(await rest(t.url, "PUT", `${path}?add=true&ids=${c}`, { token: t.users.admin.token })).toMatchObject({ status: 200 });
    expect(await authorized(me)).toEqual([a, b, c].sort());
    expect(await rest(t.url, "PUT", `${path}?add=false&ids=${a}`, { token: t.users.admin.token })).toMatchObject({ status: 200 });
    expect(await authorized(me)).toEqual([b, c].sort());
    expect(await rest(t.url, "POST", `${path}?ids=${c}`, { token: t.users.admin.token })).toMatchObject({ status: 200 });
    expect(await authorized(me)).toEqual([c]);
  });
});
