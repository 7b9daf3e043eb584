import type { AdminCommand } from '../lib/admin-command';
import { auditExportCommand } from './audit-log/audit.commands';
import { deviceListCommand } from './devices/device.commands';
import {
  apiKeyCreateCommand,
  apiKeyListCommand,
  apiKeyRequestsCommand,
  apiKeyRevokeCommand,
} from './integration/api-key.commands';
import { importCommand } from './integration/import.command';
import { webhookCommands } from './integration-events/webhook.commands';
import { moduleSettingsCommands } from './module-config/module-settings.commands';
import { backupCommands } from './operations/backup.commands';
import { storeCommands } from './org/stores.commands';
import { userCommands } from './user/user.commands';

/** Every command of `npm run admin`, in the order --help lists them; a new command is one line here. */
export const ADMIN_COMMANDS: readonly AdminCommand[] = [
  apiKeyCreateCommand,
  apiKeyListCommand,
  apiKeyRevokeCommand,
  apiKeyRequestsCommand,
  importCommand,
  ...webhookCommands,
  ...backupCommands,
  auditExportCommand,
  ...storeCommands,
  ...moduleSettingsCommands,
  deviceListCommand,
  ...userCommands,
];
