import type { AdminCommand, AdminCommandContext } from '../lib/admin-command';
import { ADMIN_COMMANDS } from '../modules/admin-commands';

/** The command whose words begin the arguments (the longest such name), and the arguments after them. */
export function findCommand(
  argv: readonly string[],
  commands: readonly AdminCommand[] = ADMIN_COMMANDS,
): { command: AdminCommand; args: string[] } | null {
  let best: AdminCommand | null = null;
  for (const command of commands) {
    const words = command.name.split(' ');
    const matches = words.every((word, i) => argv[i] === word);
    if (matches && (!best || words.length > best.name.split(' ').length)) best = command;
  }
  return best ? { command: best, args: argv.slice(best.name.split(' ').length) } : null;
}

export function helpText(commands: readonly AdminCommand[] = ADMIN_COMMANDS): string {
  const lines = ['Aufruf: npm run admin -- <Befehl> [Argumente]', '', 'Befehle:'];
  for (const command of commands) {
    lines.push(`  ${command.name}${command.usage ? ` ${command.usage}` : ''}`, `      ${command.summary}`);
  }
  return lines.join('\n');
}

/**
 * Runs the command the arguments name; a command that fails with an unforeseen error (a wrong flag, a
 * database that went away) ends with exit code 1 and one line for the operator, never a stack.
 */
export async function runCommand(context: AdminCommandContext, argv: readonly string[]): Promise<number> {
  const found = findCommand(argv);
  if (!found) {
    context.err(`Unbekannter Befehl: ${argv.join(' ')}`);
    context.err(helpText());
    return 2;
  }
  try {
    return await found.command.run(context, found.args);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    context.err(`Fehler: ${error instanceof Error ? error.message : String(error)}`);
    return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS') ? 2 : 1;
  }
}
