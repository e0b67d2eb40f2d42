// Debian's Chromium and the flags every script and browser test starts it with: headless, and none of
// the background connections this machine's closed network refuses (CHROME_PATH overrides the path).
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
