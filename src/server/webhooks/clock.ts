// The delivery engine's time: what is due, when a lease runs out, when a retry or a circuit's
// cooldown ends, when a rate bucket refills, what retention prunes, and the instants it records
// (attempt start, signature `t`, completion). Production reads the system clock; tests pass a clock
// they move forward instead of waiting. Pacing stays in real time: the drain's time budget and poll,
// the worker's interval and the attempt timeout measure elapsed time, not the clock.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
