import { ActionIcon, Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Component, type ComponentType, lazy, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a part shows when its code could not be loaded; `retry` loads it again. */
export type PartFailed = (retry: () => void) => ReactNode;

class PartBoundary extends Component<
  { failed: PartFailed; retry: () => void; children: ReactNode },
  { error: boolean }
> {
  override state = { error: false };
  static getDerivedStateFromError() {
    return { error: true };
  }
  override render() {
    return this.state.error ? this.props.failed(this.props.retry) : this.props.children;
  }
}

/** The German message with "Erneut versuchen", in a line of its own. */
export function PartFailedNotice({ retry }: { retry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" role="alert" p="xs">
      <Group gap="xs" justify="space-between">
        <Text size="sm">{t('partFailed')}</Text>
        <Button size="compact-sm" variant="light" color="red" onClick={retry}>
          {t('retry')}
        </Button>
      </Group>
    </Alert>
  );
}

/** Where a line does not fit (the header): one button that says the same in its label. */
export function PartFailedButton({ retry }: { retry: () => void }) {
  const { t } = useTranslation('common');
  const label = `${t('partFailed')} ${t('retry')}`;
  return (
    <ActionIcon variant="subtle" color="red" onClick={retry} aria-label={label} title={label}>
      <IconRefresh size={18} aria-hidden />
    </ActionIcon>
  );
}

const inLine: PartFailed = (retry) => <PartFailedNotice retry={retry} />;

/**
 * React.lazy with a way back: a chunk that fails to load (offline before the service worker controls the page,
 * a deploy that removed it) shows a German message with "Erneut versuchen" in its own place, and the rest of the
 * app keeps working. Without it the failed load is thrown up to the root and the whole app goes blank. React
 * keeps a failed lazy component failed, so a retry makes a new one.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, failed: PartFailed = inLine) {
  const make = () => lazy(async () => ({ default: await load() }));
  let Loaded = make();
  function Part(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Loaded = make();
      setAttempt((n) => n + 1);
    };
    return (
      <PartBoundary key={attempt} failed={failed} retry={retry}>
        <Loaded {...props} />
      </PartBoundary>
    );
  }
  return Part;
}
