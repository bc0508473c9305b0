import http from "node:http";
import http2 from "node:http2";
import { describe, expect, it } from "vitest";
import { listen } from "./listener.js";

const hello = (req: { httpVersion: string }, res: { writeHead(s: number): unknown; end(b: string): unknown }) => {
  res.writeHead(200);
  res.end(`hello over ${req.httpVersion}`);
};

describe("one port for HTTP/1.1 and h2c", () => {
  it("serves both protocols on the same port", async () => {
    const listener = await listen(hello, 0, "127.0.0.1");
    try {
      expect(await (await fetch(`http://127.0.0.1:${listener.port}/`)).text()).toBe("hello over 1.1");
      const session = http2.connect(`http://127.0.0.1:${listener.port}`);
      const body = await new Promise<string>((resolve, reject) => {
        const stream = session.request({ ":path": "/" });
        let text = "";
        stream.on("data", (c: Buffer) => (text += c.toString()));
        stream.on("end", () => resolve(text));
        stream.on("error", reject);
      });
      session.close();
      expect(body).toBe("hello over 2.0");
    } finally {
      await listener.close();
    }
  });

  it("closes idle keep-alive connections at once instead of waiting for them", async () => {
    const listener = await listen(hello, 0, "127.0.0.1");
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      http.get({ host: "127.0.0.1", port: listener.port, agent }, (res) => res.resume().on("end", resolve)).on("error", reject),
    );
    const started = Date.now();
    await listener.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    agent.destroy();
  });
});
