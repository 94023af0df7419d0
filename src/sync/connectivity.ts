// Whether the engine may use the network: the browser's connection AND not the tech demo's
// "simulate offline" switch. While simulated offline, writes queue exactly as on a dead connection
// (no request, no try spent) and drain when the switch goes back.

export class Connectivity {
  private network: boolean;
  private simulated = false;

  constructor(network: boolean) {
    this.network = network;
  }

  /** What the engine should treat as its connection. */
  isOnline(): boolean {
    return this.network && !this.simulated;
  }

  get simulatedOffline(): boolean {
    return this.simulated;
  }

  /** The browser's connection as last told (the simulation aside). */
  get networkOnline(): boolean {
    return this.network;
  }

  /** The browser's connection changed; returns the effective state. */
  setNetwork(online: boolean): boolean {
    this.network = online;
    return this.isOnline();
  }

  /** The offline simulation was switched; returns the effective state. */
  setSimulatedOffline(on: boolean): boolean {
    this.simulated = on;
    return this.isOnline();
  }
}

/** Where online/offline events are heard: a worker's own global scope, or a page's window. */
type NetworkEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * Keeps a leader to the browser's own word on the connection: `apply` runs with the browser's state now
 * if it differs from what `connectivity` was told (a page's online/offline command sent while the leader
 * was still starting, before it listened, was never heard), and again on each online/offline event of
 * `scope` that changes it (a worker hears its own, whatever the pages send). Returns the unsubscribe.
 */
export function followBrowserNetwork(
  connectivity: Connectivity,
  scope: NetworkEvents,
  browserOnline: () => boolean,
  apply: (online: boolean) => void,
): () => void {
  const check = () => {
    const online = browserOnline();
    if (online !== connectivity.networkOnline) apply(online);
  };
  check();
  scope.addEventListener('online', check);
  scope.addEventListener('offline', check);
  return () => {
    scope.removeEventListener('online', check);
    scope.removeEventListener('offline', check);
  };
}
