import { describe, expect, it } from "vitest";
import { soak } from "./chat-soak.js";

// The image runs the server with NODE_OPTIONS=--max-old-space-size=512 (Dockerfile, docs/deploy.md). A short soak
// under that limit, counted in messages rather than minutes, so a slow machine only makes it longer: the server
// lives, every send is answered, no stream is cut and every message reaches every stream. The minutes-long soak
// with memory per minute is `npm run bench -- soak`.
describe("chat soak under the image's heap limit", () => {
  it("delivers 400 messages to each of 60 streams with no error inside a 512 MiB heap", { timeout: 900_000 }, async () => {
    const result = await soak({
      streams: 60,
      channels: 1,
      // 10 sends/s over 50 characters: each sends one every 5 s, far under its limit (5/s, a burst of 10) even if
      // a busy machine holds the sends back for half a minute and they arrive together.
      sendsPerSecond: 10,
      senders: 50,
      messages: 400,
      perConnection: 10,
      heapMb: 512,
      entry: "source",
      sampleSeconds: 3_600,
      drainSeconds: 600,
    });
    expect(result.failures).toEqual([]);
    expect(result).toMatchObject({ sent: 400, sendsFailed: 0, streamsCut: 0, serverExit: undefined, expected: 24_000, received: 24_000 });
    expect(result.samples.at(-1)!.heapUsedMb).toBeLessThan(512);
  });
});
