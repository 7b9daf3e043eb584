import { ActionIcon, Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { GIFT_CARD_TYPE_DEFAULT, giftCardCodeSchema } from '@mde/contracts';
import { IconBarcode } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { dismissNotice, notifyError } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { EmbeddedScanner, feedback } from '../../../scanner';
import { useCardTypes } from '../api/card-types';
import { giftCardQuery } from '../api/gift-card';
import { type CardRef, withCard } from '../model/card-link';
import { failureNotice } from '../model/failure-notice';
import { FailureAlert } from './failure-alert';
import { GiftCardNav } from './gift-card-nav';
import { OfflineNotice, useOnline } from './offline-notice';
import { useCardScan } from './use-card-scan';

const CHECK_NOTICE = 'gift-card-check';

/** docs/spec.md §2 empty child: scan or type the card code, pick the type, then check, sell or redeem. */
export function GiftCardStartPage() {
  const { t } = useTranslation('gift-cards');
  usePageTitle(t('start.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const online = useOnline();
  const types = useCardTypes();
  const [picked, setPicked] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const type = picked ?? types.data?.find((x) => x.type === GIFT_CARD_TYPE_DEFAULT)?.type ?? types.data?.[0]?.type;
  const chargeable = types.data?.find((x) => x.type === type)?.chargeable ?? false;

  const card = (raw: string): CardRef | null => {
    const parsed = giftCardCodeSchema.safeParse(raw);
    setCodeError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    return parsed.success && type ? { type, code: parsed.data } : null;
  };

  // A check still under way when the person has gone on (sold, redeemed, left) answers to nobody: it neither
  // sounds nor takes them back to the card's balance.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const check = async (raw: string) => {
    // The last card's failure must not stand over the next card (a scan clears it).
    dismissNotice(CHECK_NOTICE);
    const ref = card(raw);
    if (!ref || !online) return;
    setChecking(true);
    try {
      const found = await queryClient.fetchQuery(giftCardQuery(ref.type, ref.code));
      if (!mounted.current) return;
      // A blocked card can be neither charged nor redeemed: the scan did not succeed for the till.
      if (found.status === 'ACTIVE') feedback.ok();
      else feedback.error();
      navigate(withCard(paths.giftCards.existing, ref));
    } catch (error) {
      if (!mounted.current) return;
      feedback.error();
      const notice = failureNotice(error, t('start.title'));
      notifyError(notice.message, { title: notice.title, id: CHECK_NOTICE });
    } finally {
      if (mounted.current) setChecking(false);
    }
  };
  const go = (path: string) => {
    const ref = card(code);
    if (ref) navigate(withCard(path, ref));
  };
  // A scan made while the screen was still loading its card types is checked once the type is known.
  const waiting = useRef<string | null>(null);
  const scanNow = useCardScan((scanned) => {
    setCode(scanned);
    if (type) void check(scanned);
    else waiting.current = scanned;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the type becomes known, with that render's check
  useEffect(() => {
    const scanned = waiting.current;
    if (!type || scanned === null) return;
    waiting.current = null;
    void check(scanned);
  }, [type]);

  return (
    <Stack gap="sm">
      <Title order={2}>{t('title')}</Title>
      <GiftCardNav />
      <OfflineNotice />
      {types.error ? <FailureAlert error={types.error} /> : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void check(code);
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('start.type')}
            data={(types.data ?? []).map((x) => ({ value: x.type, label: x.name }))}
            value={type ?? null}
            onChange={setPicked}
            allowDeselect={false}
            size="md"
          />
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              size="md"
              label={t('start.code')}
              placeholder={t('start.codePlaceholder')}
              value={code}
              error={codeError}
              autoComplete="off"
              autoCapitalize="characters"
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <ActionIcon size={42} onClick={() => void scanNow()} aria-label={t('start.scan')} disabled={!online}>
              <IconBarcode size={24} />
            </ActionIcon>
          </Group>
          {/* The camera opens here, under the code field, instead of over the whole screen. */}
          <EmbeddedScanner />
          <Button type="submit" size="md" loading={checking} disabled={!online || !type}>
            {t('start.check')}
          </Button>
          <Group grow>
            {chargeable && (
              <Button variant="light" size="md" disabled={!online} onClick={() => go(paths.giftCards.charge)}>
                {t('start.sell')}
              </Button>
            )}
            <Button variant="light" size="md" disabled={!online} onClick={() => go(paths.giftCards.redeem)}>
              {t('start.redeem')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
