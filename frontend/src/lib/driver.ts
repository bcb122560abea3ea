export type Driver = 'neutral' | 'native';

/** Who sent the measured requests, in the words the pages use. */
export function driverLabel(driver: Driver | null | undefined): string {
  return driver === 'native' ? 'native client' : 'neutral driver';
}

/** One sentence on what the driver means for the figures. */
export function driverDescription(driver: Driver | null | undefined): string {
  return driver === 'native'
    ? "Measured by each stack's own generated client (native client): client and server costs are timed together."
    : "Measured by SOAPBench's neutral driver: the same load generator for every stack.";
}
