import { randomUUID } from "node:crypto";
import { MISSING_ID } from "../test/game-fixtures.js";
import { describePermissionMatrix, rows, type MatrixFixture } from "../test/permission-matrix.js";
import { webhookEndpoints } from "./schema.js";

/** An endpoint nobody listens on (port 9, discard): the test button's attempt fails fast and still answers. */
async function newWebhook(f: MatrixFixture): Promise<string> {
  const id = randomUUID();
  await f.db.insert(webhookEndpoints).values({
    id,
    url: "http://127.0.0.1:9/hook",
    events: ["report.filed"],
    format: "json",
    secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    createdAt: new Date(),
  });
  return id;
}

/** sro.moderation.WebhookService × every kind of caller, over Connect and REST: admins only. */
describePermissionMatrix("WebhookService permissions", [
  { rpc: "ListWebhooks", request: () => ({}), expected: rows.adminOnly },
  {
    rpc: "CreateWebhook",
    request: () => ({ url: "https://hooks.example.org/sro", events: ["account.banned"], format: "WEBHOOK_FORMAT_JSON" }),
    expected: rows.adminOnly,
  },
  {
    rpc: "EditWebhook",
    request: async (f) => ({ id: await newWebhook(f), mask: "enabled", enabled: false }),
    missing: () => ({ id: MISSING_ID, mask: "enabled", enabled: false }),
    expected: rows.adminOnly,
  },
  { rpc: "DeleteWebhook", request: async (f) => ({ id: await newWebhook(f) }), missing: () => ({ id: MISSING_ID }), expected: rows.adminOnly },
  { rpc: "TestWebhook", request: async (f) => ({ id: await newWebhook(f) }), missing: () => ({ id: MISSING_ID }), expected: rows.adminOnly },
  {
    rpc: "ListWebhookDeliveries",
    request: async (f) => ({ webhookId: await newWebhook(f) }),
    missing: () => ({ webhookId: MISSING_ID }),
    expected: rows.adminOnly,
  },
]);
