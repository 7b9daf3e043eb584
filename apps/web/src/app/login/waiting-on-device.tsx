import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTURE_DB_NAME } from '../../offline/captures/rows';

/**
 * Whether this device has ever stored a capture. Without the database there is nothing waiting, and the capture
 * store's code (its database library and schemas, some 90 kB) stays off a first visit of the login page on a
 * slow link. A browser that cannot list its databases is asked the long way.
 */
async function mayHaveCaptures(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === CAPTURE_DB_NAME);
  } catch {
    return true;
  }
}

/** Captured lines of any user on this device that have not reached the server; 0 when the device cannot tell. */
async function waitingLines(): Promise<number> {
  try {
    if (!(await mayHaveCaptures())) return 0;
    const { countPendingLinesOnDevice } = await import('../../capture/hooks/device-store');
    return await countPendingLinesOnDevice();
  } catch {
    return 0;
  }
}

/**
 * Logged out (by hand or after inactivity) with lines still waiting, often offline: the login page says, for as
 * long as it is shown, that they are safe on this device and are sent after the next login. A message that
 * vanishes leaves the worker in doubt whether the counted goods are lost.
 */
export function WaitingOnDevice() {
  const { t } = useTranslation('auth');
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    void waitingLines().then((n) => live && setCount(n));
    return () => {
      live = false;
    };
  }, []);
  if (count === 0) return null;
  return (
    <Alert color="blue" data-testid="waiting-on-device">
      {t('login.waitingOnDevice', { count })}
    </Alert>
  );
}
