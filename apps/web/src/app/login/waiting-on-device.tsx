import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Captured lines of any user on this device that have not reached the server; 0 when the device cannot tell. */
async function waitingLines(): Promise<number> {
  try {
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
