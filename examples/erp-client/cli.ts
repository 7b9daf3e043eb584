// The reference client on the command line (see README.md beside it). Settings come from the environment, so
// no key ends up in a shell history: MDE_URL, MDE_API_KEY, MDE_WEBHOOK_SECRET.
import { parseArgs } from 'node:util';
import { follow, importCsv, type MdeEvent, readFeed, receiveWebhooks } from './erp-client';

const usage = `Aufruf:
  import <Art> <Datei.csv>        Stammdaten als CSV senden (Arten wie npm run import)
  feed [--cursor <Datei>] [--follow]   Ereignisse ab dem gespeicherten Cursor lesen (Standard: mde-cursor.txt)
  webhooks [--port <Port>]        Webhooks empfangen und ihre Signatur prüfen (MDE_WEBHOOK_SECRET)`;

const env = (name: string) => {
  const value = process.env[name];
  if (value) return value;
  process.stderr.write(`${name} fehlt in der Umgebung\n`);
  process.exit(2);
};

// What an ERP would book: here each event is printed as one line of JSON.
const print = (event: MdeEvent) => {
  process.stdout.write(`${JSON.stringify(event)}\n`);
};

async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { cursor: { type: 'string' }, follow: { type: 'boolean' }, port: { type: 'string' } },
  });
  const [command, ...rest] = positionals;
  const known = (command === 'import' && rest.length === 2) || command === 'feed' || command === 'webhooks';
  if (!known) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  if (command === 'webhooks') {
    const receiver = await receiveWebhooks(env('MDE_WEBHOOK_SECRET'), print, {
      port: Number(values.port ?? 8099),
      host: '0.0.0.0',
    });
    process.stderr.write(`Webhooks an ${receiver.url} (Strg+C beendet)\n`);
    return new Promise(() => undefined);
  }
  const connection = { baseUrl: env('MDE_URL').replace(/\/$/, ''), apiKey: env('MDE_API_KEY') };
  if (command === 'import' && rest.length === 2) {
    const [kind = '', file = ''] = rest;
    const result = await importCsv(connection, kind, file);
    process.stdout.write(
      `${result.inserted} neu, ${result.updated} geändert, ${result.unchanged} unverändert, ${result.rejected} abgewiesen\n`,
    );
    for (const r of result.rejections) process.stdout.write(`Zeile ${r.line} ${r.column}: ${r.message}\n`);
    return result.rejected > 0 ? 1 : 0;
  }
  if (command === 'feed') {
    const cursorFile = values.cursor ?? 'mde-cursor.txt';
    if (!values.follow) return (await readFeed(connection, cursorFile, print)) >= 0 ? 0 : 1;
    const stop = new AbortController();
    process.on('SIGINT', () => stop.abort());
    await follow(connection, cursorFile, print, stop.signal);
    return 0;
  }
  process.stderr.write(`${usage}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
