// Debian's Chromium as this machine runs it (root, no GPU, no outside network): shared by the e2e tests
// and the benches, so they launch the same browser the same way.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
