import fs from 'node:fs';

// Debian's Chromium: Playwright's own browser download is not available on these machines.
export function chromiumExecutable(): string {
  const candidates = [process.env.SCOUT_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) throw new Error('No Chromium found: run `npm run bootstrap` (installs Debian chromium) or set SCOUT_CHROMIUM.');
  return found;
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
