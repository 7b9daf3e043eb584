import { deviceListCommand } from '../modules/administration/devices/device.commands';
import { moduleSettingsCommands } from '../modules/administration/module-settings/module-settings.commands';
import { storeCommands } from '../modules/administration/stores/stores.commands';
import { userCommands } from '../modules/administration/users/user.commands';
import { auditExportCommand } from '../modules/audit-log/audit.commands';
import {
  apiKeyCreateCommand,
  apiKeyListCommand,
  apiKeyRequestsCommand,
  apiKeyRevokeCommand,
} from '../modules/integration/api-key.commands';
import { importCommand } from '../modules/integration/import.command';
import { webhookCommands } from '../modules/integration-events/webhook.commands';
import { backupCommands } from '../modules/operations/backup.commands';
import type { AdminCommand } from './admin-command';

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
