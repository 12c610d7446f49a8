/**
 * Playwright cannot download its own browser here, so tests use Debian's Chromium. This finds it,
 * or installs it with apt-get when running as root, so a fresh machine needs nothing by hand.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { readSettings } from '../lib/config/settings';
import { installWithApt } from './apt-install';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string | undefined {
  const fromEnv = readSettings(['CHROMIUM_PATH']).CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  return CHROMIUM_CANDIDATES.find((p) => fs.existsSync(p));
}

export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  installWithApt('chromium', 'the browser tests; or set CHROMIUM_PATH');
  const installed = findChromium();
  if (!installed) throw new Error('apt-get finished but no Chromium binary was found.');
  return installed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`Chromium: ${ensureChromium()}`);
}
