import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver: answers each request with the next status of `answers` (then 200), or never answers. */
export async function startReceiver() {
  const received: Received[] = [];
  const answers: (number | "hang")[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      const answer = answers.shift() ?? 200;
      if (answer === "hang") return;
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
