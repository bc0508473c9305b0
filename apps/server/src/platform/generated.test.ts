import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../../", import.meta.url));

function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const path = join(d, entry);
      if (statSync(path).isDirectory()) walk(path);
      else out.set(relative(dir, path), readFileSync(path, "utf8"));
    }
  };
  walk(dir);
  return out;
}

describe("generated protobuf code", () => {
  it("matches what `npm run generate` produces from proto/ (regenerate and commit when this fails)", () => {
    const out = mkdtempSync(join(tmpdir(), "sro-gen-"));
    try {
      // proto/buf.gen.yaml itself, each app's output redirected here: the browser's copy has its own options.
      const apps = ["apps/server/src/gen", "apps/web/src/gen"];
      let template = readFileSync(join(root, "proto/buf.gen.yaml"), "utf8");
      for (const app of apps) template = template.replace(`out: ../${app}`, `out: ${join(out, app)}`);
      const templateFile = join(out, "buf.gen.yaml");
      writeFileSync(templateFile, template.replaceAll("local: protoc-gen-es", `local: ${join(root, "node_modules/.bin/protoc-gen-es")}`));
      execFileSync(join(root, "node_modules/.bin/buf"), ["generate", "--template", templateFile], { cwd: join(root, "proto"), stdio: "pipe" });
      for (const app of apps) {
        const fresh = files(join(out, app));
        expect(fresh.size).toBeGreaterThan(0);
        expect(files(join(root, app)), `${app} is stale`).toEqual(fresh);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("protobuf-ts's clients for the compatibility tests match what `npm run generate` produces", () => {
    const out = mkdtempSync(join(tmpdir(), "sro-gen-pbts-"));
    try {
      const template = JSON.stringify({
        version: "v2",
        inputs: [{ directory: ".", paths: ["sro"] }],
        plugins: [{ local: join(root, "node_modules/.bin/protoc-gen-ts"), out, opt: ["long_type_string", "client_generic", "server_none", "ts_nocheck"] }],
      });
      execFileSync(join(root, "node_modules/.bin/buf"), ["generate", "--template", template], { cwd: join(root, "proto"), stdio: "pipe" });
      execFileSync(process.execPath, [join(root, "proto/protobuf-ts-imports.mjs"), out], { stdio: "pipe" });
      expect(files(join(root, "apps/server/src/compat/protobuf-ts-gen")), "src/compat/protobuf-ts-gen is stale").toEqual(files(out));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
