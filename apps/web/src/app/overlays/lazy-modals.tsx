import { Box } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart, PartFailedNotice } from '../../components/lazy-part';

// The modal stack (Modal, focus trap, scroll lock, floating-ui) is ~20 kB gz that no screen needs before
// its first confirmation: it loads on the first `modals.open…` call and answers that call once mounted.
// Its failed load (offline before the service worker controls the page) says so at the bottom of the screen;
// the calls stay held and are answered once a retry brings the provider.
const ModalsProvider = lazyPart(
  async () => (await import('./modals-provider')).ModalsProvider,
  (retry) => (
    <Box pos="fixed" bottom={8} left={8} right={8} style={{ zIndex: 400 }}>
      <PartFailedNotice retry={retry} />
    </Box>
  ),
);

// @mantine/modals sends its calls as window events named 'mantine-modals:<call>' (createUseExternalEvents).
const OPEN_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map((e) => `mantine-modals:${e}`);

const early: CustomEvent[] = [];
let wanted: (() => void) | null = null;

function hold(event: Event): void {
  early.push(event as CustomEvent);
  wanted?.();
}

/** Catches calls made before the provider exists (module scope: a call may come before the first render). */
export function holdModalCalls(): void {
  for (const name of OPEN_EVENTS) window.addEventListener(name, hold);
}

/** Inside the provider: its listeners are registered in layout effects, so the held calls can be replayed. */
function ReplayHeldCalls() {
  useEffect(() => {
    for (const name of OPEN_EVENTS) window.removeEventListener(name, hold);
    for (const event of early.splice(0)) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, []);
  return null;
}

export function LazyModals() {
  const { t } = useTranslation('common');
  const [needed, setNeeded] = useState(early.length > 0);
  useEffect(() => {
    wanted = () => setNeeded(true);
    if (early.length > 0) setNeeded(true);
    return () => {
      wanted = null;
    };
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider labels={{ confirm: t('yes'), cancel: t('no') }} modalProps={{ centered: true }}>
        <ReplayHeldCalls />
      </ModalsProvider>
    </Suspense>
  );
}
