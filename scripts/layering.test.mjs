// The layout's lint rules (eslint.config.js) catch what they promise: each case lints one import, written into a
// real module's path, with the repository's own configuration, and expects the rule to fire or to stay quiet.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ESLint } from "eslint";

const eslint = new ESLint({ cwd: new URL("..", import.meta.url).pathname });

const LAYOUT_RULES = new Set(["import-x/no-restricted-paths", "import-x/no-cycle"]);

/** The layout rules that fire on `code` linted as the module at `filePath`. */
async function layoutErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result.messages.find((m) => m.fatal);
  assert.equal(fatal, undefined, `${filePath} did not parse: ${fatal?.message}`);
  return result.messages.filter((m) => LAYOUT_RULES.has(m.ruleId)).map((m) => m.ruleId);
}

const cases = [
  {
    name: "a service's code never imports platform/rpc",
    file: "apps/server/src/chat/chat-rules.ts",
    code: 'import { openCall } from "../platform/rpc/lean-call.js";\nexport const probe = openCall;\n',
    fires: "import-x/no-restricted-paths",
  },
  {
    name: "a service's tests never import platform/rpc either",
    file: "apps/server/src/chat/chat-rules.test.ts",
    code: 'import { openCall } from "../platform/rpc/lean-call.js";\nexport const probe = openCall;\n',
    fires: "import-x/no-restricted-paths",
  },
  {
    name: "an rpc service never mounts on platform/http",
    file: "apps/server/src/moderation/sanction-service.ts",
    code: 'import { createStaticSite } from "../platform/http/static-site.js";\nexport const probe = createStaticSite;\n',
    fires: "import-x/no-restricted-paths",
  },
  {
    name: "a service never reaches into another's store",
    file: "apps/server/src/chat/chat-rules.ts",
    code: 'import { createCharacterStore } from "../character/character-store.js";\nexport const probe = createCharacterStore;\n',
    fires: "import-x/no-restricted-paths",
  },
  {
    name: "a service may read another's tables",
    file: "apps/server/src/chat/chat-rules.ts",
    code: 'import { characters } from "../character/schema.js";\nexport const probe = characters;\n',
    fires: undefined,
  },
  {
    name: "platform code never imports a service",
    file: "apps/server/src/platform/logger.ts",
    code: 'import { judgeSend } from "../moderation/channel-rules.js";\nexport const probe = judgeSend;\n',
    fires: "import-x/no-restricted-paths",
  },
  {
    name: "the reference game server imports nothing of the server",
    file: "apps/server/src/reference-game-server/reference-game-server.ts",
    code: 'import { createConnectionStore } from "../gameserver/connection-store.js";\nexport const probe = createConnectionStore;\n',
    fires: "import-x/no-restricted-paths",
  },
  {
    name: "no import cycles",
    file: "apps/server/src/chat/chat-rules.ts",
    code: 'import { createChatService } from "./chat-service.js";\nexport const probe = createChatService;\n',
    fires: "import-x/no-cycle",
  },
  {
    name: "a web feature never imports another feature",
    file: "apps/web/src/features/characters/characters-list-page.tsx",
    code: 'import SanctionsListPage from "../moderation/sanctions/sanctions-list-page";\nexport const probe = SanctionsListPage;\n',
    fires: "import-x/no-restricted-paths",
  },
  {
    name: "a moderation area never imports another area",
    file: "apps/web/src/features/moderation/audit/audit-log-page.tsx",
    code: 'import SanctionsListPage from "../sanctions/sanctions-list-page";\nexport const probe = SanctionsListPage;\n',
    fires: "import-x/no-restricted-paths",
  },
  {
    name: "a moderation area imports its own files",
    file: "apps/web/src/features/moderation/audit/audit-log-page.tsx",
    code: 'import { diffJson } from "./audit-diff";\nexport const probe = diffJson;\n',
    fires: undefined,
  },
  {
    name: "shared web code never imports a feature",
    file: "apps/web/src/lib/use-url-state.ts",
    code: 'import { diffJson } from "../features/moderation/audit/audit-diff";\nexport const probe = diffJson;\n',
    fires: "import-x/no-restricted-paths",
  },
];

for (const c of cases) {
  test(c.name, async () => {
    const errors = await layoutErrors(c.file, c.code);
    assert.deepEqual(errors, c.fires ? [c.fires] : []);
  });
}
