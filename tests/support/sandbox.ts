// Whether this machine can run Pulse's sandbox (bubblewrap and user namespaces). Sandbox tests
// run for real or are skipped with the reason printed; CI sets PULSE_REQUIRE_SANDBOX so a
// missing or broken bubblewrap fails the run there instead of skipping.
import { sandboxAvailability } from '../../src/sandbox/availability.js';

const availability = await sandboxAvailability();

export const sandboxAvailable = availability.ok;

if (!availability.ok) {
  if (process.env.PULSE_REQUIRE_SANDBOX === '1') {
    throw new Error(`PULSE_REQUIRE_SANDBOX is set but the sandbox cannot run: ${availability.reason}`);
  }
  process.stderr.write(`[sandbox tests skipped] ${availability.reason}\n`);
}
