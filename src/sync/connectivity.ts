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
