/**
 * The system Chromium and its arguments for every browser test (the shop's and the console's): Playwright's own
 * download cannot work here, and without the background-networking flags Chromium keeps dialling out of a closed network.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
