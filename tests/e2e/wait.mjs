// Waits for states, never for time. The app renders in tasks of its own (Yew yields to the
// browser after 16 ms of work, and the Problems, Export and draft work of a large listing runs
// after the next paint), so a read straight after an action may see the page half-way; on a
// busy machine it often does. Every check of what an action did goes through `until` or
// `eventually`, which retry until the state is there and give up only after a generous time,
// with a message that says what was awaited and what was last seen.
import assert from 'node:assert/strict';

/** How long a state may take to arrive; `E2E_WAIT_MS` raises it on a very slow machine. */
export const WAIT_MS = Number(process.env.E2E_WAIT_MS ?? 30_000);

const POLL_MS = 25;
const pause = () => new Promise((r) => setTimeout(r, POLL_MS)); // between two looks, not a wait for the state

/** Waits until `fn()` (sync or async) returns a truthy value; returns it. */
export async function until(fn, { timeout = WAIT_MS, message = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await fn();
    } catch (e) {
      last = e;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${message} (last: ${e.message})`, { cause: e });
      await pause();
      continue;
    }
    if (last && !(last instanceof Error)) return last;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${message} (last value: ${JSON.stringify(last)})`);
    await pause();
  }
}

/**
 * Runs `check` (assertions on what the page shows) until it passes; after `timeout` the last
 * assertion error is thrown as it is, so the failure reads like the assertion itself.
 */
export async function eventually(check, { timeout = WAIT_MS } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (!(e instanceof assert.AssertionError) || Date.now() > deadline) throw e;
      await pause();
    }
  }
}
