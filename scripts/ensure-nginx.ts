/** Debian's nginx for the test behind a TLS proxy: found, or installed with apt-get (scripts/apt-install.ts). */
import fs from 'node:fs';
import { installWithApt } from './apt-install';

const NGINX = '/usr/sbin/nginx';

export function ensureNginx(): string {
  if (!fs.existsSync(NGINX)) installWithApt('nginx-light', 'the test behind a TLS proxy');
  if (!fs.existsSync(NGINX)) throw new Error(`apt-get finished but ${NGINX} is not there.`);
  return NGINX;
}
