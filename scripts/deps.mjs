// The npm dev dependencies every script needs: installed from the lockfile when missing or stale.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Installs npm dependencies when they are missing or older than the lockfile; quick when they are current. */
export function ensureNodeModules() {
  // npm writes this marker on every install, so its age says which lockfile the tree was installed from.
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  process.stderr.write('\x1b[1m[deps]\x1b[0m installing npm dependencies\n');
  execFileSync('npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
}
