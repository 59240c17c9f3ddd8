/** Injected time source, so tests can stand just before a branch's midnight. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  constructor(private current: number) {}
  now(): number {
    return this.current;
  }
  set(instant: number): void {
    this.current = instant;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
