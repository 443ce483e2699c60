/**
 * Waits for an observable state, never for a time: polls `condition` until it holds. It has no
 * deadline of its own (a deadline would fail a slow machine): the test's own timeout bounds it.
 */
export async function waitUntil(condition: () => boolean | Promise<boolean>, everyMs = 5): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, everyMs));
}
