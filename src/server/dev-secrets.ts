// Development-only JWT secrets: generated once and kept under DATA_DIR so restarts keep sessions.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function devSecretsIn(dataDir: string) {
  return () => {
    const file = path.join(dataDir, 'dev-secrets.json');
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { access?: unknown; refresh?: unknown };
      if (typeof saved.access === 'string' && typeof saved.refresh === 'string') {
        return { access: saved.access, refresh: saved.refresh };
      }
    } catch {
      // not there yet: generate below
    }
    const secrets = { access: randomBytes(48).toString('base64url'), refresh: randomBytes(48).toString('base64url') };
    mkdirSync(dataDir, { recursive: true });
    try {
      // `wx`: when two processes start at once, the second keeps the first one's secrets.
      writeFileSync(file, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' });
      return secrets;
    } catch {
      return JSON.parse(readFileSync(file, 'utf8')) as { access: string; refresh: string };
    }
  };
}
