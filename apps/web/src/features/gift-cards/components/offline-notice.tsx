import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { GIFT_CARD_MSG } from '@mde/contracts';
import { IconWifiOff } from '@tabler/icons-react';

/** Gift cards are money and online-only: offline nothing is checked or booked. */
export const useOnline = () => useNetwork().online;

export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert color="orange" icon={<IconWifiOff size={18} />} role="status" data-testid="gift-card-offline">
      {GIFT_CARD_MSG.offline}
    </Alert>
  );
}
