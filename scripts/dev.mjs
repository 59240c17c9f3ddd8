#!/usr/bin/env node
// `npm run dev`: the API server under `tsx watch` (restarts on change, port 3000) and the Vite dev
// server (hot reload; it proxies /api to port 3000). Ctrl+C stops both; if one of them exits,
// the other is stopped too and the exit code is passed on.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// The workspace scripts run inside apps/server; keep the database where `npm start` keeps it.
const env = { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data') };

const children = [
  { name: 'server', args: ['run', 'dev', '-w', '@antrean/server'] },
  { name: 'web', args: ['run', 'dev', '-w', '@antrean/web'] },
].map(({ name, args }) => {
  // Each in its own process group: npm → sh → node layers do not all pass signals on, so the
  // whole group is signalled. (Stdin is not shared: a background group must not read the TTY.)
  const child = spawn(npm, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  return { name, child };
});

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

console.log('\n  Antrean dev: API on http://localhost:3000, web app on the Vite URL printed below.\n');

let stopping = false;
function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) if (child.pid) signalGroup(child, signal);
  // Anything still alive after 5 s is killed for good.
  setTimeout(() => {
    for (const { child } of children) if (child.pid) signalGroup(child, 'SIGKILL');
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(signal));
}

let exitCode = 0;
let remaining = children.length;
function finished() {
  remaining -= 1;
  if (remaining === 0) process.exit(exitCode);
}
for (const { name, child } of children) {
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`\n  ${name} exited (${signal ?? `code ${code}`}); stopping the others.\n`);
      exitCode = code || 1;
      stopAll('SIGTERM');
    }
    finished();
  });
  // Only when the process could not be started at all ('exit' does not follow).
  child.on('error', (error) => {
    console.error(`  could not start ${name}: ${error.message}`);
    exitCode = 1;
    stopAll('SIGTERM');
    finished();
  });
}
