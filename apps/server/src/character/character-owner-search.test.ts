import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccounts } from "../demo/demo-accounts.js";
import { startEmbeddedServer, type EmbeddedServer } from "../test/embedded-identity-server.js";
import { signIn, TestBrowser } from "../test/oidc-test-client.js";
import { createOwnerSearch } from "./owner-search.js";

interface Row {
  id: string;
  name: string;
  ownerId: string;
  realm: string;
  dimensionId: string;
}

/**
 * The characters search covers what the table shows — owner usernames (through the provider's users API,
 * as with a real Keycloak), dimension names, realms and genders by substring — with 'in:' naming columns by header
 * label or id. Against the real server with the embedded provider and its demo data, over Connect's JSON protocol.
 */
describe("characters search by what the table shows", () => {
  let s: EmbeddedServer;
  const tokens: Record<string, string> = {};
  let all: Row[];

  const list = async (search: string, token = tokens.admin!): Promise<Row[]> => {
    const response = await fetch(`${s.url}/sro.character.CharacterService/GetCharacters`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ search, filters: { limit: 200 } }),
    });
    expect(response.status, search).toBe(200);
    return ((await response.json()) as { characters?: Row[] }).characters ?? [];
  };
  const ids = (rows: Row[]) => rows.map((r) => r.id).sort();

  beforeAll(async () => {
    s = await startEmbeddedServer({ seedDemo: true });
    for (const name of ["admin", "moderator"]) {
      const a = demoAccounts.find((account) => account.username === name)!;
      tokens[name] = (await signIn(new TestBrowser(), { issuer: s.issuer, redirectUri: `${s.url}/`, username: a.username, password: a.password })).access_token;
    }
    all = await list("");
    expect(all.length).toBeGreaterThan(3);
  });
  afterAll(() => s?.close());

  it("finds characters by their owner's username, for admins and moderators", async () => {
    const player = demoAccounts.find((a) => a.username === "player")!;
    const owned = all.filter((r) => r.ownerId === player.id);
    expect(owned.length).toBeGreaterThan(0);
    const expected = ids(all.filter((r) => r.ownerId === player.id || r.name.toLowerCase().includes("player")));
    expect(ids(await list("player"))).toEqual(expected);
    expect(ids(await list("PLAY in:owner"))).toEqual(ids(owned));
    expect(ids(await list("play in:owner", tokens.moderator))).toEqual(ids(owned));
  });

  it("finds dimension names, realms and id prefixes by substring; in: limits the columns", async () => {
    const prime = all.find((r) => r.dimensionId)!.dimensionId;
    const dimensions = (await (
      await fetch(`${s.url}/sro.gameserver.DimensionService/GetDimensions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens.admin}` },
        body: "{}",
      })
    ).json()) as { dimensions: { id: string; name: string }[] };
    const name = dimensions.dimensions.find((d) => d.id === prime)!.name;
    const part = name.slice(1, 4).toLowerCase();
    expect(ids(await list(`${part} in:dimension`))).toEqual(
      ids(
        all.filter(
          (r) =>
            r.dimensionId === prime ||
            dimensions.dimensions
              .find((d) => d.id === r.dimensionId)!
              .name.toLowerCase()
              .includes(part),
        ),
      ),
    );
    expect(ids(await list("hum in:realm"))).toEqual(ids(all.filter((r) => r.realm === "human")));
    expect(ids(await list("human in:Realm,name"))).toEqual(ids(all.filter((r) => r.realm === "human" || r.name.toLowerCase().includes("human"))));
    const first = all[0]!;
    expect(ids(await list(`${first.id.slice(0, 8)} in:id`))).toEqual(ids(all.filter((r) => r.id.startsWith(first.id.slice(0, 8)))));
    const someName = first.name.slice(0, 4);
    expect(ids(await list(`${someName.toUpperCase()} in:username`))).toEqual(ids(all.filter((r) => r.name.toLowerCase().includes(someName.toLowerCase()))));
    expect(await list("human in:nosuchcolumn")).toEqual([]);
  });

  it("caches the users API's answers for a minute and never caches failures", async () => {
    const calls: string[] = [];
    let now = 0;
    let fail = true;
    const search = createOwnerSearch({
      adminUrl: `${s.url}/admin/realms/default`,
      logger: { warn: () => {} },
      now: () => now,
      fetchImpl: (input, init) => {
        calls.push(input instanceof Request ? input.url : String(input));
        return fail ? Promise.reject(new Error("down")) : fetch(input, init);
      },
    });
    expect(await search("play", tokens.admin)).toEqual([]);
    fail = false;
    const player = demoAccounts.find((a) => a.username === "player")!.id;
    expect(await search("play", tokens.admin)).toEqual([player]);
    expect(await search("PLAY", tokens.admin)).toEqual([player]);
    expect(calls).toHaveLength(2);
    now += 60_001;
    expect(await search("play", tokens.admin)).toEqual([player]);
    expect(calls).toHaveLength(3);
    expect(calls[1]).toContain("search=*play*");
    // Without a token, or with Keycloak's wildcard characters, nothing is asked.
    expect(await search("play", undefined)).toEqual([]);
    expect(await search("pl*y", tokens.admin)).toEqual([]);
    expect(calls).toHaveLength(3);
  });
});
