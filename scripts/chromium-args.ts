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
  // Headless Chromium 156 starts two hidden browser-UI renderers for the omnibox popup (Target.getTargets:
  // chrome://omnibox-popup.top-chrome/ and its AI-mode page). On this 2-core machine they took CPU from
  // the page under test (15 s of a 10 s download's trace); no tab needs them.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
