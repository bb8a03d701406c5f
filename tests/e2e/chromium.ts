/**
 * Debian's Chromium as the end-to-end tests and `bench:web` launch it: the path (CHROMIUM_PATH,
 * default /usr/bin/chromium) and the flags of a quiet headless browser (no GPU, no QUIC, no
 * first-run, update or sync traffic, which this machine cannot reach anyway).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
