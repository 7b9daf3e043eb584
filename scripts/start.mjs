#!/usr/bin/env node
// `npm start`: builds the web app when its sources changed since the last build (or there is none), then
// starts the server. `npm run start:prod` (`--prod`): never builds; fails at once without a build.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIsCurrent, distDir, hasBuild, root } from './build-stamp.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const prod = process.argv.includes('--prod');

if (prod) {
  if (!hasBuild()) {
    console.error(`Kein Build der Web-App in ${distDir}: zuerst einmal \`npm run build\` ausführen.`);
    process.exit(1);
  }
} else if (!buildIsCurrent()) {
  console.log('Web-App-Quellen geändert oder noch nicht gebaut: npm run build …');
  const build = spawnSync(npm, ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The server's own start command, run as a direct child (no npm or shell in between), so that a stop
// request (systemd, docker, Ctrl+C) sent to this process reaches the server, which then stops gracefully.
const serverDir = path.join(root, 'apps/server');
const [, ...args] = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')).scripts.start.split(' ');
const server = spawn(process.execPath, args, { stdio: 'inherit', cwd: serverDir });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
