/**
 * How fast a running text crosses a display (no zod here: the display bundle imports it).
 */
export const RUNNING_TEXT_SPEEDS = ['slow', 'normal', 'fast'] as const;
export type RunningTextSpeed = (typeof RUNNING_TEXT_SPEEDS)[number];
/** Pixels per second on a display, per speed: a longer text takes longer, it does not run faster. */
export const RUNNING_TEXT_PX_PER_SECOND: Record<RunningTextSpeed, number> = {
  slow: 70,
  normal: 120,
  fast: 190,
};
