/** Flags are stored as integer 0/1 on both databases (docs/decisions.md). */
export const fromFlag = (value: number | boolean | null | undefined): boolean =>
  value === 1 || value === true;
