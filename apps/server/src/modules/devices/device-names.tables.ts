/** An admin's own name for a device, per firma (migration 20261205_0301). */
export interface DeviceNameTable {
  device_id: string;
  firma_id: number;
  name: string;
}

declare module '../../db/schema' {
  interface Database {
    device_name: DeviceNameTable;
  }
}
