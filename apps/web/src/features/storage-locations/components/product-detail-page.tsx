import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ModuleStepPage } from '../../../components/module-step-page';
import { QueryError } from '../../../components/query-error';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useLocationProduct } from '../api/location-product';
import { type SaveResult, saveChange } from '../api/save-change';
import { articleRefOf, type ProductRouteState } from '../model/article-ref';
import {
  type AssignmentInput,
  EMPTY_INPUT,
  type InputIssues,
  isDirty,
  readInput,
  toInput,
} from '../model/assignment-form';
import { overlayProduct } from '../model/overlay';
import type { NewChange } from '../offline/outbox';
import { AssignmentForm } from './assignment-form';
import { ConfirmDialog } from './confirm-dialog';
import { LocationHeader } from './location-header';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useArticleScan } from './use-article-scan';
import { usePendingChanges } from './use-pending-changes';
import { useStorageContext } from './use-storage-context';

/** One screen per article and location: the router keeps a component across param changes, the key does not. */
export function ProductDetailRoute() {
  const { id, productId } = useParams();
  return <ProductDetailPage key={`${id}/${productId}`} />;
}

/** `:id/products/:productId`: quantity, min and max of the article at the location; assign or remove. */
function ProductDetailPage() {
  const { t } = useTranslation('storage-locations');
  const navigate = useNavigate();
  const params = useParams();
  const locationId = Number(params.id);
  const articleId = Number(params.productId);
  const known = (useLocation().state as ProductRouteState | null)?.article;
  const context = useStorageContext();
  const product = useLocationProduct(context, locationId, articleId, known);
  const pending = usePendingChanges(context);
  const shown = product.data ? overlayProduct(locationId, articleId, product.data.data.assignment, pending) : null;
  const loaded = product.data ? (shown ? toInput(shown) : EMPTY_INPUT) : null;

  const [initial, setInitial] = useState<AssignmentInput | null>(null);
  const [input, setInput] = useState<AssignmentInput>(EMPTY_INPUT);
  const [issues, setIssues] = useState<InputIssues>({});
  const [saving, setSaving] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const leaving = useRef(false);
  const dirty = initial !== null && isDirty(initial, input);

  // What the server (or the outbox) says becomes the form, unless the user is editing: never under their hands.
  const loadedKey = loaded ? JSON.stringify(loaded) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads only when the loaded figures change
  useEffect(() => {
    if (!loaded || (initial !== null && dirty)) return;
    setInitial(loaded);
    setInput(loaded);
  }, [loadedKey]);

  const goTo = (path: string) => navigate(path);
  const scanNow = useArticleScan(context?.vkforgid, (lookup) => {
    const article = articleRefOf(lookup.article);
    if (article.articleId === articleId) return;
    // Guarded like every other way out: with unsaved edits the user is asked first.
    navigate(paths.storageLocations.product(locationId, article.articleId), {
      state: { article } satisfies ProductRouteState,
    });
  });

  const tell = (result: SaveResult, done: string) => {
    if (result === 'sent') notifySuccess(done);
    else if (result === 'waiting') notifyInfo(t('product.savedOffline'));
    else if (typeof result === 'object') notifyError(t('outbox.setAside', { reason: result.setAside }));
  };

  const send = async (change: Omit<NewChange, 'locationId' | 'locationCode' | 'article'>) => {
    if (!context || !product.data) return null;
    const { location, article } = product.data.data;
    setSaving(true);
    try {
      return await saveChange(context, { ...change, locationId, locationCode: location.code, article });
    } finally {
      setSaving(false);
    }
  };

  const save = async () => {
    const read = readInput(input, t('product.invalidNumber'));
    if (!read.ok) {
      setIssues(read.issues);
      return;
    }
    setIssues({});
    const result = await send({
      kind: shown ? 'update' : 'assign',
      values: read.values,
      baseVersion: shown?.version ?? 0,
    });
    if (!result) return;
    if (typeof result !== 'object') setInitial(input);
    tell(result, shown ? t('product.saved') : t('product.assigned'));
  };

  const remove = async () => {
    setConfirmRemove(false);
    if (!shown) return;
    const result = await send({ kind: 'remove', values: null, baseVersion: shown.version });
    if (!result) return;
    tell(result, t('product.removed'));
    leaving.current = true;
    navigate(paths.storageLocations.location(locationId));
  };

  const data = product.data?.data;
  return (
    <Stack gap="sm">
      <ModuleStepPage module="storage-locations" step="storageProduct" />
      {product.isPending && <Loader size="sm" />}
      {product.isError && <QueryError error={product.error} onRetry={() => void product.refetch()} />}
      {data && (
        <>
          <LocationHeader location={data.location} offline={product.data?.offline ?? false} />
          <Paper withBorder p="xs" data-testid="product-header">
            <Text fw={700}>{data.article.designation1}</Text>
            <Text size="sm" c="dimmed">
              {data.article.number} {data.article.designation2} · {data.article.baseUnit}
            </Text>
            <Group gap={4}>
              {shown?.pending && <Badge color="orange">{t('product.pending')}</Badge>}
              {shown && shown.quantity < shown.minQuantity && <Badge color="red">{t('location.belowMin')}</Badge>}
            </Group>
          </Paper>
          {!shown && <Alert color="blue">{t('product.notAssigned')}</Alert>}
          <AssignmentForm value={input} issues={issues} onChange={setInput} />
          <Group gap="xs">
            <Button size="md" onClick={() => void save()} loading={saving} disabled={shown !== null && !dirty}>
              {shown ? t('product.save') : t('product.assign')}
            </Button>
            {shown && (
              <Button
                size="md"
                color="red"
                variant="light"
                leftSection={<IconTrash size={18} />}
                onClick={() => setConfirmRemove(true)}
                disabled={saving}
              >
                {t('product.remove')}
              </Button>
            )}
            <Button size="md" variant="default" onClick={() => void scanNow()}>
              {t('location.scan')}
            </Button>
            <Button size="md" variant="default" onClick={() => goTo(paths.storageLocations.location(locationId))}>
              {t('product.back')}
            </Button>
          </Group>
          <ConfirmDialog
            opened={confirmRemove}
            title={t('product.removeTitle')}
            question={t('product.removeQuestion', {
              article: `${data.article.number} ${data.article.designation1}`,
              location: data.location.code,
            })}
            onYes={() => void remove()}
            onNo={() => setConfirmRemove(false)}
            safeAnswer="no"
          />
        </>
      )}
      <UnsavedChangesGuard dirty={dirty} leaving={leaving} />
    </Stack>
  );
}
