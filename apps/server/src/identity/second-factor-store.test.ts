import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/audit-trail.js";
import { openTestDatabase, storageBackends } from "../test/test-server.js";
import { createSecondFactorStore, type SecondFactorStore } from "./second-factor-store.js";
import { codeAt } from "./totp.js";

describe.each(storageBackends)("second-factor store on a fake clock (%s)", (backend) => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: SecondFactorStore;
  let clock = 1_800_000_000_000;
  beforeAll(async () => {
    opened = await openTestDatabase(backend);
    store = createSecondFactorStore(opened.database.db, () => clock);
  });
  afterAll(() => opened.close());

  async function enrolled() {
    const userId = randomUUID();
    const secret = (await store.pendingSecret(userId))!;
    expect(await store.pendingSecret(userId)).toBe(secret); // a reload shows the same pending secret
    const codes = (await store.confirm(SYSTEM_ACTOR, userId, codeAt(secret, clock)))!;
    return { userId, secret, codes };
  }

  it("confirms only with a right code; a confirmed app gets no new pending secret", async () => {
    const userId = randomUUID();
    const secret = (await store.pendingSecret(userId))!;
    expect(await store.hasFactor(userId)).toBe(false);
    expect(await store.confirm(SYSTEM_ACTOR, userId, codeAt(secret, clock + 120_000))).toBeUndefined();
    expect(await store.confirm(SYSTEM_ACTOR, userId, codeAt(secret, clock))).toHaveLength(10);
    expect(await store.status(userId)).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    expect(await store.pendingSecret(userId)).toBeUndefined();
  });

  it("accepts each step's code once, even two at once; never an older step after a newer", async () => {
    const { userId, secret } = await enrolled();
    clock += 30_000;
    const code = codeAt(secret, clock);
    const both = await Promise.all([store.verify(SYSTEM_ACTOR, userId, code), store.verify(SYSTEM_ACTOR, userId, code)]);
    expect(both.filter((r) => r === "otp")).toHaveLength(1);
    clock += 30_000;
    expect(await store.verify(SYSTEM_ACTOR, userId, codeAt(secret, clock + 30_000))).toBe("otp"); // drift ahead
    expect(await store.verify(SYSTEM_ACTOR, userId, codeAt(secret, clock))).toBeUndefined(); // older than the last
    clock += 90_000;
    expect(await store.verify(SYSTEM_ACTOR, userId, codeAt(secret, clock))).toBe("otp");
  });

  it("uses up each recovery code; removal ends app and codes", async () => {
    const { userId, codes } = await enrolled();
    expect(await store.verify(SYSTEM_ACTOR, userId, codes[3]!)).toBe("recovery-code");
    expect(await store.verify(SYSTEM_ACTOR, userId, codes[3]!)).toBeUndefined();
    expect(await store.verify(SYSTEM_ACTOR, userId, "ABCD-EFGH-JKMN")).toBeUndefined();
    expect((await store.status(userId)).recoveryCodesLeft).toBe(9);
    expect(await store.remove(SYSTEM_ACTOR, userId, "user.otp.reset")).toBe(true);
    expect(await store.remove(SYSTEM_ACTOR, userId, "user.otp.reset")).toBe(false);
    expect(await store.status(userId)).toEqual({ totp: false, recoveryCodesLeft: 0 });
    expect(await store.verify(SYSTEM_ACTOR, userId, codes[4]!)).toBeUndefined();
  });
});
