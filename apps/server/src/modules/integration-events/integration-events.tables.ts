import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface IntegrationEventTable {
  id: Generated<number>;
  /** The writing transaction's id (pg_current_xact_id), set by the column default. */
  xact_id: Generated<number>;
  type: string;
  firma_id: number;
  vkforg_id: number | null;
  /** The store's number as the ERP knows it, when the event was written (migration 20261204_0501). */
  vkforg_number: ColumnType<string | null, string | null | undefined, string | null>;
  user_id: number | null;
  user_name: string | null;
  occurred_at: Generated<Date>;
  document: Json;
}

export interface WebhookSubscriptionTable {
  id: Generated<number>;
  url: string;
  event_types: string[];
  /** Only events of these firmas are delivered (migration 20261204_0601). */
  firma_ids: number[];
  secret: string;
  enabled: Generated<boolean>;
  disabled_at: Timestamp | null;
  owner_user_id: number | null;
  cursor_xact: number;
  cursor_id: Generated<number>;
  next_attempt_at: Generated<Date>;
  failing_since: Timestamp | null;
  lease_until: Timestamp | null;
  lease_token: string | null;
  created_at: Generated<Date>;
}

export interface WebhookDeliveryTable {
  id: Generated<number>;
  subscription_id: number;
  event_id: number;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  last_status_code: number | null;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
}

export interface WebhookAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: Generated<Date>;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  ok: boolean;
}

declare module '../../db/schema' {
  interface Database {
    integration_event: IntegrationEventTable;
    webhook_subscription: WebhookSubscriptionTable;
    webhook_delivery: WebhookDeliveryTable;
    webhook_attempt: WebhookAttemptTable;
  }
}
