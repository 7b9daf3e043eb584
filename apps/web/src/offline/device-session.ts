// Who is signed in on this device, for the background capture sync and the device report. offline/ knows no
// session (docs/conventions.md#layer-rules): the app hands it the reader at start (app/device-session-source.ts).

export interface DeviceSession {
  userId: number;
  vkforgId: number;
}

let source: () => DeviceSession | null = () => null;

export function setDeviceSessionSource(read: () => DeviceSession | null): void {
  source = read;
}

/** The signed-in user and store, or null when nobody is signed in (or the app has not said yet). */
export const deviceSession = (): DeviceSession | null => source();
