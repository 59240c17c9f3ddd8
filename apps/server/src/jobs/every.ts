/**
 * Runs `work` every `intervalMs` without overlapping itself: a round still running when the next
 * tick comes is not doubled. The timer does not keep the process alive; `stop` ends it.
 */
export function runEvery(
  intervalMs: number,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
