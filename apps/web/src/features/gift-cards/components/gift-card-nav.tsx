import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';

/** Switches between the card screens and the daily balance. */
export function GiftCardNav() {
  const { t } = useTranslation('gift-cards');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const value = pathname === paths.giftCards.dailyBalance ? paths.giftCards.dailyBalance : paths.giftCards.root;
  return (
    <SegmentedControl
      fullWidth
      value={value}
      onChange={(to) => navigate(to)}
      data={[
        { value: paths.giftCards.root, label: t('nav.start') },
        { value: paths.giftCards.dailyBalance, label: t('nav.dailyBalance') },
      ]}
    />
  );
}
