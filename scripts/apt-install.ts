/**
 * The test command's system dependencies (Chromium, PostgreSQL, nginx) come from Debian: installed
 * with apt-get when missing and running as root, so a fresh machine needs nothing by hand.
 */
import { execFileSync } from 'node:child_process';
import { childEnvironment } from '../lib/config/process-env';

export function installWithApt(pkg: string, purpose: string): void {
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${purpose} needs Debian's ${pkg}, which is not installed, and this user cannot install it: run \`sudo apt-get install -y ${pkg}\`.`,
    );
  }
  console.log(`Installing Debian's ${pkg} (${purpose})…`);
  const env = childEnvironment({ DEBIAN_FRONTEND: 'noninteractive' });
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
}
