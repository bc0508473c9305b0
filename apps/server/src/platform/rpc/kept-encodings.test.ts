import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { MapsSchema } from "../../gen/sro/gameserver/gameserver_pb.js";
import { frozenMessageOf } from "../frozen-message.js";
import { keptEncoding } from "./kept-encodings.js";

describe("frozen messages", () => {
  const mapsOf = frozenMessageOf((rows: readonly { id: string; name: string }[]) =>
    create(MapsSchema, { maps: rows.map((r) => ({ id: r.id, name: r.name, mapPath: "/p" })) }),
  );

  it("builds one message per source snapshot, frozen all the way down", () => {
    const snapshot = [{ id: "a", name: "A" }];
    const first = mapsOf(snapshot);
    expect(mapsOf(snapshot)).toBe(first);
    expect(mapsOf([...snapshot])).not.toBe(first); // a new snapshot (after a write) builds anew
    expect(Object.isFrozen(first) && Object.isFrozen(first.maps) && Object.isFrozen(first.maps[0])).toBe(true);
    expect(() => {
      (first.maps[0] as { name: string }).name = "changed";
    }).toThrow(TypeError);
  });

  it("encodes a frozen message once per format, anything else every time", () => {
    let encodings = 0;
    const encode = () => (encodings++, new Uint8Array([encodings]));
    const frozen = mapsOf([{ id: "b", name: "B" }]);
    const binary = keptEncoding("binary");
    expect(binary(frozen, encode)).toBe(binary(frozen, encode));
    keptEncoding("json")(frozen, encode);
    expect(encodings).toBe(2);
    const plain = create(MapsSchema, {});
    binary(plain, encode);
    binary(plain, encode);
    expect(encodings).toBe(4);
  });

  it("keeps one encoding per format name, shared by every caller of that name", () => {
    const frozen = mapsOf([{ id: "c", name: "C" }]);
    const gzip = keptEncoding("grpc envelope, gzip");
    expect(keptEncoding("grpc envelope, gzip")).toBe(gzip);
    const first = gzip(frozen, () => new Uint8Array([1]));
    expect(keptEncoding("grpc envelope, gzip")(frozen, () => new Uint8Array([2]))).toBe(first);
    expect(keptEncoding("grpc envelope, identity")(frozen, () => new Uint8Array([3]))).toEqual(new Uint8Array([3]));
  });
});
