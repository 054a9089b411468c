/** A port nothing listens on right now, on the loopback interface. */
export function freePort(): Promise<number>;
