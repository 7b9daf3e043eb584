import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FirmaTable {
  id: number;
  kurzbezeichnung: string;
}
export interface VkforgTable {
  id: number;
  firma_id: number;
  vkforg: string;
  kurzbezeichnung: string;
  /** Raised by a trigger on every update (optimistic locking of admin edits, migration 20261129_0201). */
  version: Generated<number>;
}
export interface AccountTable {
  id: number;
  firma_id: number;
  number: string;
  name: string;
  version: Generated<number>;
}
export interface WarehouseTable {
  id: number;
  firma_id: number;
  vkforg_id: number;
  number: string;
  name: string;
  version: Generated<number>;
}
export interface AppUserTable {
  id: Generated<number>;
  username: string;
  full_name: string;
  email: string;
  password_hash: string;
  kind: 'internal' | 'external';
  account_id: number;
  vkforg_id: number;
  firma_id: number;
  password_changed_at: Timestamp;
  created_at: Timestamp;
  /** Raised by every admin change: an edit based on another version is refused (migration 20261129_0101). */
  version: Generated<number>;
  disabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  must_change_password: Generated<boolean>;
}
export interface UserAccountTable {
  user_id: number;
  account_id: number;
}
export interface UserVkforgTable {
  user_id: number;
  vkforg_id: number;
}
export interface UserPermissionTable {
  user_id: number;
  permission: string;
}
export interface UserRoleTable {
  user_id: number;
  role: string;
}
export interface UserContactTable {
  user_id: number;
  contact_values: ColumnType<Record<string, string>, string, string>;
  updated_at: Timestamp;
}
export interface SessionTable {
  id: Generated<string>;
  token_hash: string;
  user_id: number;
  remember: boolean;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** The session's own context; null follows the user's last choice (migration 20261128_0300). */
  account_id: ColumnType<number | null, number | null | undefined, number | null>;
  vkforg_id: ColumnType<number | null, number | null | undefined, number | null>;
  firma_id: ColumnType<number | null, number | null | undefined, number | null>;
}
export interface LoginFailureTable {
  id: Generated<string>;
  throttle_key: string;
  failed_at: Timestamp;
}
export interface LoginKnownAddressTable {
  account_key: string;
  /** The client address, an IPv6 one as its /64. */
  address: string;
  last_success_at: Generated<Timestamp>;
}
export interface PasswordResetTokenTable {
  id: Generated<string>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}
export interface MailOutboxTable {
  id: Generated<string>;
  recipient: string;
  subject: string;
  body: string;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  error: string | null;
}
export interface ModuleConfigTable {
  firma_id: number;
  module: string;
  config_key: string;
  config_value: string;
}

/** Platform tables; modules extend this interface in their own schema files (declaration merging). */
export interface Database {
  firma: FirmaTable;
  vkforg: VkforgTable;
  account: AccountTable;
  warehouse: WarehouseTable;
  app_user: AppUserTable;
  user_account: UserAccountTable;
  user_vkforg: UserVkforgTable;
  user_permission: UserPermissionTable;
  user_role: UserRoleTable;
  user_contact: UserContactTable;
  session: SessionTable;
  login_failure: LoginFailureTable;
  login_known_address: LoginKnownAddressTable;
  password_reset_token: PasswordResetTokenTable;
  mail_outbox: MailOutboxTable;
  module_config: ModuleConfigTable;
}
export interface RateLimitTable {
  limit_key: string;
  window_start: Timestamp;
  hits: number;
}
export interface Database {
  rate_limit: RateLimitTable;
}
/** Lagerplatz-Artikel: one row per change a device sent, with the first answer (retries replay it). */
export interface StorageLocationChangeTable {
  firma_id: number;
  user_id: number;
  change_key: string;
  request_hash: string;
  status: number;
  response: ColumnType<unknown, string | null, string | null>;
  created_at: Timestamp;
}
export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  text: string;
  route: string;
  created_at: Generated<Date>;
  readtime: Timestamp | null;
}
export interface PushVapidKeyTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: Generated<Date>;
}
export interface PushSubscriptionTable {
  id: Generated<number>;
  user_id: number;
  device_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
}
export interface PushJobTable {
  id: Generated<number>;
  notification_id: number;
  subscription_id: number | null;
  attempts: Generated<number>;
  run_after: Generated<Date>;
  created_at: Generated<Date>;
}
/** A keyed write's first answer (lib/idempotency.ts), per client, route and key. */
export interface IdempotencyKeyTable {
  client: string;
  route: string;
  key: string;
  request_hash: string;
  status: number;
  response: ColumnType<unknown, string | null, string | null>;
  created_at: Timestamp;
}
export interface Database {
  idempotency_key: IdempotencyKeyTable;
  storage_location_change: StorageLocationChangeTable;
  notification: NotificationTable;
  push_vapid_key: PushVapidKeyTable;
  push_subscription: PushSubscriptionTable;
  push_job: PushJobTable;
}
/** Integration API: machine clients' keys (hash only) and the first answer of each Idempotency-Key. */
export interface ApiKeyTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  key_prefix: string;
  scopes: string[];
  /** The firmas the key acts for (migration 20261204_0601). */
  firma_ids: number[];
  created_at: Generated<Date>;
  last_used_at: Timestamp | null;
  last_used_address: string | null;
  revoked_at: Timestamp | null;
}
export interface Database {
  api_key: ApiKeyTable;
}
