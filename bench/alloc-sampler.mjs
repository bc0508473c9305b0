// Preloaded into a benchmark's server (NODE_OPTIONS=--import=<this file>) by `npm run bench -- soak` with
// BENCH_SOAK_ALLOC_SECONDS: V8's sampling heap profiler, objects that GC later collected included, so the profile
// is what the server allocated in a window, not what it kept. The first SIGUSR2 starts sampling, the second writes
// the profile to ALLOC_PROFILE_FILE (whole: written aside, then renamed). In-process through node:inspector: no
// inspector port to share with other processes on the machine.
import { renameSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";

const file = process.env.ALLOC_PROFILE_FILE;
let session;

process.on("SIGUSR2", () => {
  if (!file) return;
  if (!session) {
    session = new Session();
    session.connect();
    session.post("HeapProfiler.startSampling", {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    return;
  }
  const open = session;
  session = undefined;
  open.post("HeapProfiler.stopSampling", (error, result) => {
    open.disconnect();
    writeFileSync(`${file}.part`, JSON.stringify(error ? { error: error.message } : result.profile));
    renameSync(`${file}.part`, file);
  });
});
