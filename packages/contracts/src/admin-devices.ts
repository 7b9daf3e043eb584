import { z } from './zod';

/** Where a device reports its state (authenticated, idempotent: the newest report replaces the device's row). */
export const DEVICE_REPORT_PATH = '/api/v1/devices/report';

/**
 * A device is stale when it has not contacted the server for more than this many hours while it still holds
 * waiting or set-aside changes: work that may be lost with the device (docs/administration.md "Geräte").
 */
export const DEVICE_STALE_HOURS = 12;

/** How often a device that is online reports at least (and once at start). */
export const DEVICE_REPORT_INTERVAL_MS = 60_000;

export const DEVICE_MSG = {
  deviceId: 'Die Geräte-ID ist ungültig',
  name: 'Der Gerätename darf höchstens 60 Zeichen lang sein und keine Steuerzeichen enthalten',
  appVersion: 'Die App-Version ist ungültig',
  count: 'Die Anzahl muss eine ganze Zahl von 0 bis 1.000.000 sein',
  cacheRefreshedAt: 'Der Zeitpunkt der Artikeldaten ist ungültig',
} as const;

const countSchema = z
  .number({ error: DEVICE_MSG.count })
  .int(DEVICE_MSG.count)
  .min(0, DEVICE_MSG.count)
  .max(1_000_000, DEVICE_MSG.count);

/** How long a device's name may be, given by the device or by an admin. */
export const DEVICE_NAME_MAX = 60;

const deviceNameSchema = z
  .string({ error: DEVICE_MSG.name })
  .trim()
  .max(DEVICE_NAME_MAX, DEVICE_MSG.name)
  .regex(/^[^\p{Cc}\p{Cs}]*$/u, DEVICE_MSG.name);

/** What a device tells the server about itself. */
export const deviceReportSchema = z.strictObject({
  deviceId: z.string({ error: DEVICE_MSG.deviceId }).regex(/^[A-Za-z0-9_-]{1,100}$/, DEVICE_MSG.deviceId),
  appVersion: z.string({ error: DEVICE_MSG.appVersion }).regex(/^[A-Za-z0-9.+_-]{1,50}$/, DEVICE_MSG.appVersion),
  /** Changes waiting to be sent (capture lines, exports, outbox entries). */
  waiting: countSchema,
  /** Changes the server refused, kept on the device as „Nicht übertragbar“. */
  setAside: countSchema,
  /** When the article cache was last refreshed (full or delta); null while it has none. */
  cacheRefreshedAt: z.iso.datetime({ offset: true, error: DEVICE_MSG.cacheRefreshedAt }).nullable(),
  /** The name the device gives itself from its platform („Pixel 7 (Android)“); older apps send none. */
  name: deviceNameSchema.optional(),
});
export type DeviceReport = z.infer<typeof deviceReportSchema>;

/** One device in the admin list (`GET /api/v1/admin/devices`). */
export const adminDeviceSchema = z.object({
  deviceId: z.string(),
  /** What the list shows: the admin's name for the device, else the one it gives itself, else its id. */
  name: z.string(),
  /** The admin's name for it (null: none given). */
  adminName: z.string().nullable(),
  user: z.object({ id: z.number(), username: z.string(), fullName: z.string() }),
  firmaId: z.number(),
  vkforgId: z.number(),
  lastContactAt: z.string(),
  appVersion: z.string(),
  waiting: z.number(),
  setAside: z.number(),
  cacheRefreshedAt: z.string().nullable(),
  userAgent: z.string(),
  /** Silent for more than DEVICE_STALE_HOURS while holding waiting or set-aside changes. */
  stale: z.boolean(),
});
export type AdminDevice = z.infer<typeof adminDeviceSchema>;

export const adminDevicesQuerySchema = z.strictObject({
  stale: z.enum(['true', 'false']).optional(),
  /** Only devices holding work not yet sent („mit wartenden Positionen“): waiting or set-aside changes. */
  waiting: z.enum(['true', 'false']).optional(),
});

/** The device list's filters: all, stale ones, those with waiting work. */
export type AdminDeviceFilter = 'all' | 'stale' | 'waiting';

/** The admin names a device (`PUT …/devices/:deviceId/name`); empty gives it back its own name. */
export const deviceRenameSchema = z.strictObject({ name: deviceNameSchema });

/** Work on the device not yet on the server: waiting or set aside. */
export const hasWaitingWork = (device: { waiting: number; setAside: number }) => device.waiting + device.setAside > 0;
export const adminDevicesSchema = z.object({ devices: z.array(adminDeviceSchema) });

/** The rule both sides and the CLI apply: silent too long while holding work. */
export function isDeviceStale(
  device: { lastContactAt: string | Date; waiting: number; setAside: number },
  now: Date = new Date(),
): boolean {
  if (device.waiting + device.setAside === 0) return false;
  return now.getTime() - new Date(device.lastContactAt).getTime() > DEVICE_STALE_HOURS * 3_600_000;
}
