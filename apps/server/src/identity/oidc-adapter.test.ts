import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.js";
import { storageBackends, openTestDatabase } from "../test/test-server.js";
import { createOidcAdapterFactory } from "./oidc-adapter.js";
import { createRequestMemo } from "./request-memo.js";
import { oidcPayloads } from "./schema.js";

describe.each(storageBackends)("oidc-provider's storage and the request's memo (%s)", (backend) => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
  });
  afterAll(() => close());

  const setup = () => {
    const memo = createRequestMemo();
    const adapterOf = createOidcAdapterFactory(database.db, memo);
    return { memo, grants: adapterOf("Grant"), sessions: adapterOf("Session"), tokens: adapterOf("RefreshToken") };
  };
  const seed = async (n: string) => {
    const { grants, sessions, tokens } = setup();
    await grants.upsert(`g-${n}`, { accountId: "a", clientId: "c" }, 60);
    await sessions.upsert(`s-${n}`, { uid: `u-${n}`, accountId: "a" }, 60);
    await tokens.upsert(`t-${n}`, { grantId: `g-${n}`, sessionUid: `u-${n}`, accountId: "a" }, 60);
  };
  /** Changes a row behind the adapter's back, as another node would: what the adapter returns then shows what it read before. */
  const changeBehind = (id: string, payload: object) => database.db.update(oidcPayloads).set({ payload }).where(eq(oidcPayloads.id, id));

  it("in one request, a token's grant and session come with it; the next request reads afresh", async () => {
    await seed("1");
    const { memo, grants, sessions, tokens } = setup();
    await memo.run(async () => {
      expect(await tokens.find("t-1")).toMatchObject({ grantId: "g-1", sessionUid: "u-1" });
      await changeBehind("g-1", { accountId: "changed" });
      await changeBehind("s-1", { uid: "u-1", accountId: "changed" });
      // Read with the token: the request sees one moment of the three rows.
      expect(await grants.find("g-1")).toMatchObject({ accountId: "a" });
      expect(await sessions.findByUid("u-1")).toMatchObject({ accountId: "a" });
    });
    await memo.run(async () => {
      expect(await grants.find("g-1")).toMatchObject({ accountId: "changed" });
      expect(await sessions.findByUid("u-1")).toMatchObject({ accountId: "changed" });
    });
    // Outside a request nothing is remembered.
    await changeBehind("g-1", { accountId: "again" });
    expect(await grants.find("g-1")).toMatchObject({ accountId: "again" });
  });

  it("a missing grant is remembered as missing, and any write through the adapter forgets what the request read", async () => {
    await seed("2");
    const { memo, grants, tokens } = setup();
    await grants.destroy("g-2");
    await memo.run(async () => {
      expect(await tokens.find("t-2")).toMatchObject({ grantId: "g-2" });
      await database.db.insert(oidcPayloads).values({ kind: "Grant", id: "g-2", payload: { accountId: "behind" } });
      expect(await grants.find("g-2")).toBeUndefined();
      await grants.upsert("g-2", { accountId: "b", clientId: "c" }, 60);
      expect(await grants.find("g-2")).toMatchObject({ accountId: "b" });
      await tokens.consume("t-2");
      expect(await tokens.find("t-2")).toHaveProperty("consumed");
    });
  });

  it("gives each reader its own copy of a remembered row", async () => {
    await seed("3");
    const { memo, grants } = setup();
    await memo.run(async () => {
      const first = (await grants.find("g-3")) as { accountId: string };
      first.accountId = "mutated";
      expect(await grants.find("g-3")).toMatchObject({ accountId: "a" });
    });
  });

  it("consumes a code or refresh token once: of two consumes at once one wins, the other revokes the grant", async () => {
    await seed("race");
    const { grants, tokens } = setup();
    const outcomes = await Promise.allSettled([tokens.consume("t-race"), tokens.consume("t-race")]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ error: "invalid_grant", error_description: "grant request is invalid" });
    expect(await tokens.find("t-race")).toBeUndefined();
    expect(await grants.find("g-race")).toBeUndefined();
    // Other kinds keep a plain consume: a second one is no error.
    const { sessions } = setup();
    await sessions.consume("s-race");
    await sessions.consume("s-race");
  });
});

describe("the request's memo", () => {
  it("makes a value once per request and every time outside one; a failed make is tried again", async () => {
    const memo = createRequestMemo();
    let made = 0;
    const make = () => Promise.resolve(++made);
    await memo.run(async () => {
      expect(await memo.once("k", make)).toBe(1);
      expect(await memo.once("k", make)).toBe(1);
      await expect(memo.once("bad", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
      expect(await memo.once("bad", make)).toBe(2);
    });
    await memo.run(async () => expect(await memo.once("k", make)).toBe(3));
    expect(await memo.once("k", make)).toBe(4);
    expect(await memo.once("k", make)).toBe(5);
  });
});
