import { Alert, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ModuleStepPage } from '../../components/module-step-page';
import { QueryError } from '../../components/query-error';
import { captureArticleQuery } from '../api/capture-article';
import type { CaptureModuleDef } from '../capture-module';
import { useCaptureHeader } from '../hooks/use-capture-data';
import { useCaptureScope } from '../hooks/use-capture-scope';
import { ArticleCaptureForm } from './article-capture-form';
import type { SheetEntry } from './entry-sheet';

const validId = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * `artikel-erfassen/:idartstamm`: the article header and the entry of one line (docs/modules.md#capture-engine),
 * drawn by the capture list as a sheet over it (entry-sheet.tsx).
 */
export const ArticleCapturePage = memo(function ArticleCapturePage({
  def,
  entry,
}: {
  def: CaptureModuleDef;
  entry: SheetEntry;
}) {
  const { t } = useTranslation('capture');
  const articleId = validId(entry.articleId);
  const scope = useCaptureScope(def.info.key);
  const header = useCaptureHeader(scope);
  const article = useQuery({
    ...captureArticleQuery(def.info.key, scope?.vkforgId ?? 0, articleId ?? 0),
    enabled: scope !== null && articleId !== null,
  });
  if (articleId === null) return <Navigate to={def.paths.articleSearch} replace />;
  return (
    <Stack gap="sm" data-testid="article-capture">
      <ModuleStepPage module={def.name} step="articleCapture" />
      {article.isPending && <Loader />}
      {article.isError && (
        <Alert color="red" title={t('article.notFound')}>
          <QueryError error={article.error} onRetry={() => void article.refetch()} />
        </Alert>
      )}
      {article.data && scope && header !== undefined && (
        <ArticleCaptureForm
          key={entry.key}
          def={def}
          scope={scope}
          article={article.data}
          header={header}
          nav={entry.nav}
          pending={entry.pending}
        />
      )}
    </Stack>
  );
});
