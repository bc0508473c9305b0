// Loaded into a server process of a spec's own (node --import): its clock jumps ahead on SIGUSR2, by
// SHIFTED_CLOCK_STEP_MS each time, so a sign-in grows old without waiting. Every reader of Date in that process
// (oidc-provider's auth_time and token times, the token checks, the step-up rule) sees the same shifted time. After a
// jump the offset is written to SHIFTED_CLOCK_ACK, so the spec waits for that, not for a while.
import { writeFileSync } from 'node:fs';

const RealDate = Date;
const step = Number(process.env.SHIFTED_CLOCK_STEP_MS ?? 0);
let offset = 0;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate;
process.on('SIGUSR2', () => {
  offset += step;
  if (process.env.SHIFTED_CLOCK_ACK) writeFileSync(process.env.SHIFTED_CLOCK_ACK, String(offset));
});
