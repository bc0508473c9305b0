import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { planGameServers, requireAddress, requireMapIds, requireMapName, requireMapPath, requirePort, requireVersion } from "./gameserver-rules.js";

function rejection(fn: () => unknown): { code: Code; message: string } | undefined {
  try {
    fn();
  } catch (error) {
    const e = ConnectError.from(error);
    return { code: e.code, message: e.rawMessage };
  }
  return undefined;
}

const A = "5e1d0000-0000-4000-8000-000100000001";
const B = "5e1d0000-0000-4000-8000-000100000002";
const C = "5e1d0000-0000-4000-8000-000100000003";

describe("dimension and map rules", () => {
  it("map ids are UUIDs, without repeats, at most 256", () => {
    expect(requireMapIds([A, B.toUpperCase()])).toEqual([A, B]);
    expect(rejection(() => requireMapIds([A, "nope"]))?.message).toBe("map_ids[1]: must be a UUID");
    expect(rejection(() => requireMapIds([A, A.toUpperCase()]))?.message).toBe(`map_ids[1]: lists map ${A} twice`);
    expect(rejection(() => requireMapIds(Array(257).fill(A)))?.code).toBe(Code.InvalidArgument);
  });

  it("version and map names are bounded text, stored verbatim", () => {
    expect(requireVersion("1.5.0-beta+<b>")).toBe("1.5.0-beta+<b>");
    expect(rejection(() => requireVersion(""))?.message).toBe("version: is required");
    expect(rejection(() => requireMapName("<img src=x onerror=alert(1)>"))?.message).toBe("name: must not contain < or >");
    expect(requireMapName("'; DROP TABLE maps; --")).toBe("'; DROP TABLE maps; --");
    expect(rejection(() => requireMapName("   "))?.message).toBe("name: must not be blank");
    expect(rejection(() => requireMapName("m"))?.message).toBe("name: must be 2..256 characters");
    expect(rejection(() => requireMapName("m".repeat(257)))?.message).toBe("name: must be 2..256 characters");
    expect(rejection(() => requireMapName("Map\u202e"))?.message).toBe("name: must not contain text-direction override characters");
    expect(rejection(() => requireMapName("\u200b\u200b"))?.message).toBe("name: must contain visible characters");
  });

  it("map paths are sane: slash-separated segments of letters, digits, '.', '_', '-'", () => {
    for (const good of ["/Game/Maps/Downtown", "maps/arena_01.umap", "Level-2", "/a/b.c/d"]) expect(requireMapPath(good)).toBe(good);
    for (const bad of [
      "",
      "../etc/passwd",
      "/Game/../secret",
      "a//b",
      "/",
      "a/",
      "with space",
      "C:\\maps\\x",
      "http://evil",
      "a/./b",
      "p".repeat(257),
      "x\u0000y",
    ]) {
      expect(rejection(() => requireMapPath(bad))?.code, bad).toBe(Code.InvalidArgument);
    }
    expect(rejection(() => requireMapPath("a b"))?.message).toMatch(/^map_path: must be a path/);
  });

  it("game-server addresses are IPs or host names; ports 1..65535", () => {
    for (const good of ["10.0.0.7", "::1", "2001:db8::7", "gs-1.eu.example.com", "localhost"]) expect(requireAddress(good)).toBe(good);
    for (const bad of ["", "-bad.example", "under_score.example", "a b", "http://x", "x".repeat(254), "[::1]"]) {
      expect(rejection(() => requireAddress(bad))?.code, bad).toBe(Code.InvalidArgument);
    }
    expect(requirePort(7777)).toBe(7777);
    for (const bad of [0, -1, 65536]) expect(rejection(() => requirePort(bad))?.message).toBe("port: must be 1..65535");
  });
});

describe("GameServerUpdate plan", () => {
  it("maps without a live server need one; servers whose map left are drained", () => {
    const plan = planGameServers(
      [A, B],
      [
        { id: "s1", mapId: A, draining: false },
        { id: "s2", mapId: C, draining: false },
      ],
    );
    expect(plan).toEqual({ mapsNeedingServer: [B], serversToDrain: [{ id: "s2", mapId: C, draining: false }] });
  });

  it("a draining server covers nothing and is not drained twice", () => {
    const plan = planGameServers(
      [A],
      [
        { id: "s1", mapId: A, draining: true },
        { id: "s2", mapId: C, draining: true },
      ],
    );
    expect(plan).toEqual({ mapsNeedingServer: [A], serversToDrain: [] });
  });

  it("an empty dimension drains every server and needs none", () => {
    expect(planGameServers([], [{ id: "s1", mapId: A, draining: false }])).toEqual({
      mapsNeedingServer: [],
      serversToDrain: [{ id: "s1", mapId: A, draining: false }],
    });
  });
});
