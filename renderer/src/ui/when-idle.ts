/**
 * Runs `task` once the browser has painted and is idle (at the latest after `timeoutMs`):
 * for what the first screen does not need but the next one will (the rest of the texts, the
 * toast host, the sign-in call's code), so it does not compete with the first screen.
 */
export function whenIdle(task: () => void, timeoutMs = 1500): void {
  // The time limit counts from the next frame, so a busy start cannot run the task first.
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(() => task(), { timeout: timeoutMs });
      else setTimeout(task, 200);
    }, 0),
  );
}
