import { randomUUID } from "node:crypto";
import { ConnectError } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatClient, insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { gameApi } from "../test/game-api.js";
import { authorizationUrl, redirectTo, TestBrowser } from "../test/oidc-test-client.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

/**
 * Finding 11: chat took ANSI escapes, right-to-left overrides and zero-width-only messages; map names took HTML and
 * single characters; "Аda Overwatch" with a Cyrillic А passed as a name; no cap on characters per player; common
 * passwords and ones equal to the username were accepted.
 */
describe("text rules", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { MAX_CHARACTERS_PER_PLAYER: "3" } });
  });
  afterAll(() => t.close());

  const message = async (promise: Promise<unknown>) =>
    promise.then(
      () => "ok",
      (e: unknown) => ConnectError.from(e).rawMessage,
    );

  it("refuses control, bidi-override and invisible-only chat messages with a clear message", async () => {
    const db = t.server.database.db;
    const dimension = await insertDimension(db);
    const character = await insertCharacter(db, t.users.player.sub, dimension);
    const channel = await insertChannel(db, { public: true });
    const chat = chatClient(t.url, t.users.player.token);
    const send = (content: string) => message(chat.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: character, content } }));
    expect(await send("\u001b[31mred")).toBe("message content must not contain control characters");
    expect(await send("hello \u202eevil")).toBe("message content must not contain text-direction override characters");
    expect(await send("\u200b\u200b\u2060")).toBe("message content must contain visible characters");
    expect(await send("hello, שלום, привет")).toBe("ok");
  });

  it("map names: no markup, no single characters; character names: one script, a cap per player", async () => {
    const api = gameApi(t.url, "connect");
    const admin = t.users.admin.token;
    expect((await api.call("CreateMap", { name: "<b>x</b>", mapPath: "/Game/Maps/X" }, admin)).message).toBe("name: must not contain < or >");
    expect((await api.call("CreateMap", { name: "x", mapPath: "/Game/Maps/X" }, admin)).message).toBe("name: must be 2..256 characters");
    const dimension = await insertDimension(t.server.database.db);
    const player = t.users.otherPlayer.token;
    const createCharacter = (name: string) => api.call("CreateCharacter", { name, gender: "female", realm: "human", dimensionId: dimension }, player);
    expect((await createCharacter("\u0410da Overwatch")).message).toBe("name: mixes scripts (Cyrillic, Latin); use letters of one script");
    expect((await createCharacter("\u3164\u3164\u3164")).message).toBe("name: must contain visible characters");
    for (const name of ["Ada Overwatch", "Ада Овервотч", "山田 太郎"]) expect((await createCharacter(name)).code, name).toBe("ok");
    const fourth = await createCharacter("One Too Many");
    expect(fourth.message).toBe("owner_id: this player has 3 characters, the most allowed; delete one first");
  });

  it("refuses a new name whose confusable skeleton equals an existing one (UTS #39)", async () => {
    const api = gameApi(t.url, "connect");
    const dimension = await insertDimension(t.server.database.db);
    const create = (name: string) => api.call("CreateCharacter", { name, gender: "male", realm: "cyborg", dimensionId: dimension }, t.users.player.token);
    expect((await create("Ace Coop")).code).toBe("ok");
    // All Cyrillic (one script), yet it reads "Ace Coop".
    expect((await create("\u0410\u0441\u0435 \u0421\u043e\u043e\u0440")).message).toBe(
      'name: "Асе Соор" looks the same as the name of an existing character; choose another',
    );
    expect((await create("Ace C00p")).code).toBe(6); // ALREADY_EXISTS: 0 is a look-alike of O too
    expect((await create("Ace  Coop")).code).toBe(6); // two spaces: a page shows them as one
    expect((await create("Ace Cooper")).code).toBe("ok");
  });

  it("refuses invisible code points in names and compares look-alikes without their marks", async () => {
    const api = gameApi(t.url, "connect");
    const dimension = await insertDimension(t.server.database.db);
    // An admin names a new owner each time: the per-player cap of this server stays out of the way.
    const create = (name: string) =>
      api.call("CreateCharacter", { ownerId: randomUUID(), name, gender: "female", realm: "human", dimensionId: dimension }, t.users.admin.token);
    for (const name of ["Ivo Overwatch", "Max Warden"]) expect((await create(name)).code, name).toBe("ok");
    expect((await create("Ivo Overwatch\u034f")).message).toBe("name: must not contain invisible characters (default-ignorable code point U+034F)");
    expect((await create("Ivo Overwatch\ufe0f")).message).toBe("name: must not contain invisible characters (default-ignorable code point U+FE0F)");
    expect((await create("Ivo Overwatc\u0323h")).message).toBe(
      'name: "Ivo Overwatc\u0323h" looks the same as the name of an existing character; choose another',
    );
    expect((await create("Max Warden\u0338")).code).toBe(6); // ALREADY_EXISTS: a stroke through the n
    expect((await create("Zoë Ångström")).code).toBe("ok"); // marks are fine in a name that copies nobody
    expect((await create("Zoe Angstrom")).code).toBe(6);
  });

  it("caps stacked combining marks in chat messages, naming the rule", async () => {
    const db = t.server.database.db;
    const character = await insertCharacter(db, t.users.player.sub, await insertDimension(db));
    const channel = await insertChannel(db, { public: true });
    const chat = chatClient(t.url, t.users.player.token);
    const send = (content: string) => message(chat.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: character, content } }));
    expect(await send(`hx${"\u0301\u0316\u0337".repeat(3)}llo`)).toBe("message content stacks 9 combining marks on one character; at most 4 are allowed");
    expect(await send("Tiếng Việt, עִבְרִית, हिन्दी, e\u0301\u0323")).toBe("ok");
  });
});

describe("password rules", () => {
  let s: EmbeddedServer;
  beforeAll(async () => {
    s = await startEmbeddedServer();
  });
  afterAll(() => s.close());

  it("refuses the most common passwords and the username as password", async () => {
    const browser = new TestBrowser();
    const fieldError = (body: string) => /id="field-password-error">([^<]*)</.exec(body)?.[1];
    const register = async (username: string, password: string) => {
      const page = await browser.navigate(authorizationUrl({ issuer: s.issuer, redirectUri: `${s.url}/`, prompt: "create" }).url);
      return browser.submit(
        page,
        { username, email: `${username}@example.com`, firstName: "Pat", lastName: "Tern", password, passwordConfirm: password },
        redirectTo(`${s.url}/`),
      );
    };
    expect(fieldError((await register("patterns", "Password1")).body)).toBe("This password is one of the most common ones; choose another.");
    expect(fieldError((await register("patterns", "qwertyuiop")).body)).toBe("This password is one of the most common ones; choose another.");
    expect(fieldError((await register("patterns", "PATTERNS")).body)).toBe("The password must not be your username.");
    expect((await register("patterns", "tern-pattern-77")).stoppedAt).toContain("code=");
  });
});
