import { existsSync } from "node:fs";
import { join } from "node:path";
import sirv from "sirv";
import type { AnyRequest, AnyResponse } from "./listener.js";

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SRO Web</title></head>
<body><main><h1>SRO Web</h1><p>The server is running. The web app has not been built yet: run <code>npm run build</code>.</p></main></body></html>`;

/** The built SPA with history fallback (deep links get index.html); a placeholder page until it is built. */
export function createStaticSite(distDir: string) {
  const built = existsSync(join(distDir, "index.html"));
  const serve = built
    ? sirv(distDir, {
        single: true,
        etag: true,
        gzip: true,
        brotli: true,
        setHeaders: (res, pathname) => {
          // Vite's hashed assets never change; everything else is revalidated.
          res.setHeader("cache-control", pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
          // sirv's type table (mrmime) has no .ico: without this /favicon.ico goes out untyped.
          if (pathname.endsWith(".ico")) res.setHeader("content-type", "image/x-icon");
        },
      })
    : undefined;
  return (req: AnyRequest, res: AnyResponse) => {
    if (serve) {
      serve(req as never, res as never, () => {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("Not found");
      });
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
    res.end(PLACEHOLDER);
  };
}
