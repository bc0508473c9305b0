import { describe, expect, it } from "vitest";
import { HpackDecoder, requestHeaderBlock } from "./h2-frames.js";

// The bench reads every send's and stream's grpc-status from HPACK-coded trailers, so a decoding slip would
// miscount outcomes. Checked against the examples of RFC 7541 Appendix C (one decoder per connection, blocks in order).
const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "hex");

const requests: [string, string][][] = [
  [
    [":method", "GET"],
    [":scheme", "http"],
    [":path", "/"],
    [":authority", "www.example.com"],
  ],
  [
    [":method", "GET"],
    [":scheme", "http"],
    [":path", "/"],
    [":authority", "www.example.com"],
    ["cache-control", "no-cache"],
  ],
  [
    [":method", "GET"],
    [":scheme", "https"],
    [":path", "/index.html"],
    [":authority", "www.example.com"],
    ["custom-key", "custom-value"],
  ],
];

describe("HPACK decoder (RFC 7541 Appendix C)", () => {
  const examples: [string, string[]][] = [
    [
      "C.3: requests without Huffman coding, through the dynamic table",
      [
        "8286 8441 0f77 7777 2e65 7861 6d70 6c65 2e63 6f6d",
        "8286 84be 5808 6e6f 2d63 6163 6865",
        "8287 85bf 400a 6375 7374 6f6d 2d6b 6579 0c63 7573 746f 6d2d 7661 6c75 65",
      ],
    ],
    [
      "C.4: the same requests with Huffman coding",
      ["8286 8441 8cf1 e3c2 e5f2 3a6b a0ab 90f4 ff", "8286 84be 5886 a8eb 1064 9cbf", "8287 85bf 4088 25a8 49e9 5ba9 7d7f 8925 a849 e95b b8e8 b4bf"],
    ],
  ];
  it.each(examples)("%s", (_, blocks) => {
    const decoder = new HpackDecoder();
    blocks.forEach((block, i) => expect(decoder.decode(hex(block))).toEqual(requests[i]));
  });

  it("a table size update evicts the oldest entries (RFC 7541 4.4, 6.3)", () => {
    const decoder = new HpackDecoder();
    // Size update to 64 bytes, then custom-key: custom-value (10 + 12 + 32 = 54 bytes) enters the table.
    expect(decoder.decode(hex("3f21 400a 6375 7374 6f6d 2d6b 6579 0c63 7573 746f 6d2d 7661 6c75 65 be"))).toEqual([
      ["custom-key", "custom-value"],
      ["custom-key", "custom-value"],
    ]);
    // a: b (34 bytes) does not fit beside it: the older entry goes, the new one is index 62.
    expect(decoder.decode(hex("4001 6101 62 be"))).toEqual([
      ["a", "b"],
      ["a", "b"],
    ]);
    expect(() => decoder.decode(hex("bf"))).toThrow("no table entry 63");
  });

  it("refuses an index that is in neither table", () => {
    expect(() => new HpackDecoder().decode(hex("be"))).toThrow("no table entry 62");
  });

  it("reads back the request blocks the bench sends", () => {
    const block = requestHeaderBlock("127.0.0.1:8080", "/sro.chat.ChatService/SendChatChannelMessage", "t0k3n");
    expect(new HpackDecoder().decode(block)).toEqual([
      [":method", "POST"],
      [":scheme", "http"],
      [":path", "/sro.chat.ChatService/SendChatChannelMessage"],
      [":authority", "127.0.0.1:8080"],
      ["content-type", "application/grpc"],
      ["authorization", "Bearer t0k3n"],
      ["te", "trailers"],
    ]);
  });
});
