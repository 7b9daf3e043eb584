// Regenerates public/assets/audio/beep.mp3: a 120 ms 2.7 kHz tone (the classic scanner beep) with short
// fades, written as WAV and encoded with the Debian `lame` encoder (apt-get install lame).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rate = 44100;
const ms = 120;
const hz = 2700;
const n = Math.round((rate * ms) / 1000);
const fade = Math.round(rate * 0.005);
const pcm = Buffer.alloc(n * 2);
for (let i = 0; i < n; i++) {
  const env = Math.min(1, i / fade, (n - 1 - i) / fade);
  pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * env * 0.6 * 32767), i * 2);
}
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + pcm.length, 4);
header.write('WAVEfmt ', 8);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20);
header.writeUInt16LE(1, 22);
header.writeUInt32LE(rate, 24);
header.writeUInt32LE(rate * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(pcm.length, 40);

const wav = path.join(mkdtempSync(path.join(tmpdir(), 'beep-')), 'beep.wav');
writeFileSync(wav, Buffer.concat([header, pcm]));
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/assets/audio/beep.mp3');
execFileSync('lame', ['--quiet', '-b', '64', '-m', 'm', wav, out]);
console.info(`wrote ${out}`);
