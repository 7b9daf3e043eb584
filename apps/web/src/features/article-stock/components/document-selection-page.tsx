import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentsList } from '../../../capture/components/documents-list';
import { useCaptureLineCount } from '../../../capture/hooks/use-capture-data';
import { useCaptureScope } from '../../../capture/hooks/use-capture-scope';
import { ModuleStepPage } from '../../../components/module-step-page';
import { paths } from '../../../lib/paths';
import { articleStockDef as def } from '../model/capture-def';

/** `beleg-auswahl` (docs/modules.md#artikelvorrat): continue the open stock document or start one; earlier documents below. */
export function DocumentSelectionPage() {
  const { t } = useTranslation('article-stock');
  const scope = useCaptureScope(def.info.key);
  const count = useCaptureLineCount(scope) ?? 0;
  const open = count > 0;
  return (
    <Stack>
      <ModuleStepPage module="article-stock" step="documentSelection" />
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>{open ? t('selection.openTitle') : t('selection.newTitle')}</Title>
          <Text size="sm">{open ? t('selection.openText', { count }) : t('selection.newText')}</Text>
          <Button component={Link} to={open ? paths.articleStock.root : paths.articleStock.articleSearch} size="lg">
            {open ? t('selection.continue') : t('selection.start')}
          </Button>
        </Stack>
      </Paper>
      <Title order={4}>{t('selection.documents')}</Title>
      {scope && <DocumentsList def={def} vkforgId={scope.vkforgId} />}
    </Stack>
  );
}
