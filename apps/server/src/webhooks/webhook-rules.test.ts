import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, nextAttemptAt, requireEvents, requireWebhookUrl, RETRY_DELAYS_MS, webhookBody } from "./webhook-rules.js";

describe("webhook rules", () => {
  it("schedules each retry after the previous attempt, and none after the last", () => {
    const at = Date.UTC(2026, 0, 1);
    expect(Array.from({ length: MAX_ATTEMPTS }, (_, i) => nextAttemptAt(i + 1, at))).toEqual([...RETRY_DELAYS_MS.map((wait) => at + wait), undefined]);
  });

  it("keeps each event once and normalizes the URL", () => {
    expect(requireEvents(["report.filed", "report.filed", "account.banned"])).toEqual(["report.filed", "account.banned"]);
    expect(requireWebhookUrl("HTTPS://Hooks.Example.org/a b".replace(" ", "%20"))).toBe("https://hooks.example.org/a%20b");
  });

  it("fits a Discord message in 2,000 characters and escapes Slack's control characters", () => {
    const data = {
      type: "report.filed" as const,
      reportId: "r",
      messageId: "1",
      reason: "spam",
      reporterCharacterName: "Ada",
      messageContent: "x".repeat(5000),
    };
    const discord = webhookBody("discord", data, 0) as { content: string };
    expect([...discord.content]).toHaveLength(2000);
    expect(discord.content.endsWith("…")).toBe(true);
    expect(webhookBody("slack", { ...data, messageContent: "<!channel> & co" }, 0)).toEqual({
      text: 'Message reported by Ada (spam): "&lt;!channel&gt; &amp; co"',
    });
    expect(webhookBody("json", data, Date.UTC(2026, 0, 1))).toEqual({
      type: "report.filed",
      timestamp: "2026-01-01T00:00:00.000Z",
      data: { reportId: "r", messageId: "1", reason: "spam", reporterCharacterName: "Ada", messageContent: "x".repeat(5000) },
    });
  });
});
