import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { accessOf, capabilityNames } from "./capabilities.js";
import { permissionTable } from "./permissions.js";

/**
 * docs/permissions.md's table says what permissions.ts enforces: every rpc of the table is in a row of the document
 * with the same cells. Rows name rpcs the way people write them ("ChatService.Create/Edit/DeleteChatChannel",
 * "DimensionService.GetDimension / GetDimensions", "GameServerRegistryService.Register/Heartbeat/Deregister", "Health.Check / Watch").
 */
const ROLES = ["admin", "moderator", "player", "banned", "gameserver"] as const;

const docText = () => readFileSync(new URL("../../../../../docs/permissions.md", import.meta.url), "utf8");

/** The rows of the built-in roles' capability table: "| `name` | all | own | – | … |". */
function capabilityRows(): Map<string, string[]> {
  const rows = docText()
    .split("\n")
    .filter((line) => /^\| `[a-z-]+(\.[a-z-]+)+` \|/.test(line))
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  return new Map(rows.map(([name, ...cells]) => [name!.slice(1, -1), cells.map((c) => (c === "–" ? "deny" : c))]));
}

function documentedRows(): { names: string; cells: string[] }[] {
  return docText()
    .split("\n")
    .filter((line) => /^\| \w+\.[A-Z]/.test(line))
    .map((line) => {
      const [names, ...cells] = line
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim());
      // Footnote marks ("own¹") are not part of the cell.
      return { names: names!, cells: cells.map((c) => c.replace(/[^a-z]/g, "")) };
    });
}

/** The table's keys that a row's name stands for. */
function keysOf(names: string, keys: string[]): string[] {
  const [first, ...more] = names.split(/\s*(?:,|\s\/\s)\s*/);
  const service = first!.split(".")[0]!;
  const fullService = keys.map((k) => k.split("/")[0]!).find((s) => s.endsWith(`.${service}`));
  if (!fullService) return [];
  const methods = keys.filter((k) => k.startsWith(`${fullService}/`)).map((k) => k.split("/")[1]!);
  return [first!.slice(service.length + 1), ...more].flatMap((part) => {
    const alternatives = part.split("/");
    // "Create/Edit/DeleteChatChannel": the last alternative's rest ("ChatChannel") completes the others.
    const rest = /^[A-Z][a-z]+(.*)$/.exec(alternatives.at(-1)!)?.[1] ?? "";
    return alternatives.map((alt, i) => {
      const exact = i === alternatives.length - 1 ? alt : alt + rest;
      if (methods.includes(exact)) return `${fullService}/${exact}`;
      const prefixed = methods.filter((m) => m.startsWith(alt));
      if (prefixed.length !== 1) throw new Error(`docs/permissions.md: "${names}" names no single rpc for "${alt}"`);
      return `${fullService}/${prefixed[0]}`;
    });
  });
}

describe("docs/permissions.md", () => {
  it("has a row for every rpc of permissions.ts, with the same cells", () => {
    const keys = Object.keys(permissionTable);
    const documented = new Map<string, string[]>();
    for (const row of documentedRows()) for (const key of keysOf(row.names, keys)) documented.set(key, row.cells);
    for (const key of keys) {
      expect(documented.get(key), `${key} in docs/permissions.md`).toEqual(ROLES.map((role) => permissionTable[key]![role]));
    }
  });

  it("lists every capability once with each built-in role's scope, and no other", () => {
    const rows = capabilityRows();
    expect([...rows.keys()]).toEqual(capabilityNames);
    for (const name of capabilityNames) expect(rows.get(name), name).toEqual(ROLES.map((role) => accessOf(name, role)));
  });
});
