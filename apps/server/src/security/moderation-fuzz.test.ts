import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { rest } from "../test/rest-client.js";
import { STAFF_AMR } from "../test/test-issuer.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

/**
 * The newer moderation rpcs (claims, approvals, figures) over REST with hostile ids, reasons, windows and pages: every
 * answer is a 4xx with a message, never a 5xx, and a refused decision leaves its request pending.
 */
const hostileIds = [
  "abc",
  "-1",
  "0",
  "1.5",
  "1e5",
  "99999999999999999999999999",
  "9223372036854775808",
  "%00",
  "%E2%80%AE1",
  "x".repeat(3000),
  "'%3B drop table sanctions%3B --",
  "00000000-0000-0000-0000-000000000000",
];
const hostileTexts = ["", "\u0000", "a\u0000b", "\u001b[31mred", "\u202eevil", "\u200b\u200b", "\ud800", "x".repeat(5000), " "];
const hostileNumbers = ["-1", "abc", "1e999", "99999999999", "%00", "NaN", "2147483648"];

describe("moderation rpcs under hostile input: no 5xx, nothing changed", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  const expectRefused = (what: string, answer: { status: number; json: any }) => {
    expect(answer.status, what).toBeGreaterThanOrEqual(400);
    expect(answer.status, what).toBeLessThan(500);
    expect(typeof answer.json?.message, what).toBe("string");
  };

  it("claims and releases of reported messages by hostile ids", async () => {
    for (const id of hostileIds) {
      for (const verb of ["claim", "release"]) {
        expectRefused(
          `${verb} ${id.slice(0, 30)}`,
          await rest(t.url, "POST", `/v1/reported-messages/id/${id}/${verb}`, { token: t.users.moderator.token, body: {} }),
        );
      }
    }
  });

  it("approvals: hostile ids to read and decide, hostile pages", async () => {
    for (const id of hostileIds) {
      expectRefused(`get ${id.slice(0, 30)}`, await rest(t.url, "GET", `/v1/approvals/id/${id}`, { token: t.users.admin.token }));
      const body = { decision: "APPROVAL_DECISION_APPROVE", reason: "Checked" };
      expectRefused(`decide ${id.slice(0, 30)}`, await rest(t.url, "POST", `/v1/approvals/id/${id}/decide`, { token: t.users.admin.token, body }));
    }
    for (const n of hostileNumbers) {
      for (const field of ["limit", "offset"]) {
        const answer = await rest(t.url, "GET", `/v1/approvals?${field}=${n}`, { token: t.users.admin.token });
        expect(answer.status, `${field}=${n}`).toBeLessThan(500);
      }
    }
  });

  it("a decision with a hostile reason or decision is refused and the request stays pending", async () => {
    // An account the server knows (it owns a character).
    await insertCharacter(t.server.database.db, t.users.player.sub, await insertDimension(t.server.database.db));
    const asked = await rest(t.url, "POST", "/v1/sanctions", {
      token: t.users.admin.token,
      body: { kind: "SANCTION_KIND_BAN", scope: "SANCTION_SCOPE_EVERYWHERE", accountId: t.users.player.sub, durationSeconds: "-1", reason: "Fraud" },
    });
    expect(asked.status).toBe(200);
    const approvalId = asked.json.pendingApprovalId as string;
    expect(approvalId).toMatch(/\S/);
    const decideAs = (body: unknown) => rest(t.url, "POST", `/v1/approvals/id/${approvalId}/decide`, { token: t.users.moderator.token, body });
    // The moderator does not hold the capability: the request reads as missing, whatever the body.
    expectRefused("moderator", await decideAs({ decision: "APPROVAL_DECISION_APPROVE", reason: "ok" }));
    const otherAdmin = await t.issuer.mint({
      sub: crypto.randomUUID(),
      preferred_username: "admin2",
      groups: ["/Moderator", "/Moderator/Admin"],
      amr: STAFF_AMR,
    });
    const decide = (body: unknown) => rest(t.url, "POST", `/v1/approvals/id/${approvalId}/decide`, { token: otherAdmin, body });
    for (const reason of hostileTexts) {
      const answer = await decide({ decision: "APPROVAL_DECISION_APPROVE", reason });
      expectRefused(`reason ${JSON.stringify(reason.slice(0, 10))}`, answer);
      expect(answer.json.message, JSON.stringify(reason.slice(0, 10))).toMatch(/reason/i);
    }
    for (const decision of ["APPROVAL_DECISION_UNSPECIFIED", 0, 99, -1, "APPROVE", "", null, [], {}]) {
      expectRefused(`decision ${JSON.stringify(decision)}`, await decide({ decision, reason: "Checked" }));
    }
    expectRefused(
      "a string body",
      await rest(t.url, "POST", `/v1/approvals/id/${approvalId}/decide`, {
        token: otherAdmin,
        rawBody: '"x"',
        headers: { "content-type": "application/json" },
      }),
    );
    const still = await rest(t.url, "GET", `/v1/approvals/id/${approvalId}`, { token: otherAdmin });
    expect(still.status, JSON.stringify(still.json)).toBe(200);
    expect(still.json.state).toBe("APPROVAL_STATE_PENDING");
    const bans = await rest(t.url, "GET", `/v1/sanctions?accountId=${t.users.player.sub}`, { token: t.users.admin.token });
    expect(bans.json.sanctions ?? []).toHaveLength(0);
  });

  it("figures and queue counts with hostile windows", async () => {
    for (const window of ["FOO", "99", "-1", "%00", "1e999", "FIGURES_WINDOW_UNSPECIFIED", "x".repeat(3000)]) {
      const answer = await rest(t.url, "GET", `/v1/operations/figures?window=${window}`, { token: t.users.moderator.token });
      expect(answer.status, window.slice(0, 20)).toBeLessThan(500);
      if (answer.status !== 200) expect(typeof answer.json?.message).toBe("string");
    }
    for (const who of [t.users.player, t.users.banned]) {
      expectRefused(`figures as ${who.username}`, await rest(t.url, "GET", "/v1/operations/figures", { token: who.token }));
    }
  });
});
