import { Alert, Group, Select, Text } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptureArticleAnswer } from '../api/capture-article';
import type { EntryAction, EntryForm } from '../model/entry-form';
import { QuantityInput } from './quantity-input';

interface Props {
  article: CaptureArticleAnswer;
  form: EntryForm;
  dispatch: (action: EntryAction) => void;
  onEnter: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** The count and its unit, with the factor of a pack unit and the notice when typed keys are held. */
export function EntryQuantity({ article, form, dispatch, onEnter, inputRef }: Props) {
  const { t } = useTranslation('capture');
  const { quantity, unit } = form.fields;
  const factor = article.units.find((u) => u.unit === unit)?.factor ?? 1;
  return (
    <>
      {form.keysHeld === 'scan' && (
        <Alert color="yellow" data-testid="quantity-held">
          <Text size="sm" fw={700}>
            {t('article.heldTitle')}
          </Text>
          <Text size="sm">
            {t('article.held', { quantity: `${quantity} ${unit}`, designation: article.designation1 })}
          </Text>
        </Alert>
      )}
      <Group align="flex-start" grow>
        <QuantityInput
          label={t('article.quantity')}
          value={quantity}
          error={form.problems.quantity}
          onChange={(value) => dispatch({ type: 'quantity', value })}
          onEnter={onEnter}
          inputRef={inputRef}
          held={form.keysHeld !== null}
          onRelease={() => dispatch({ type: 'release' })}
          selectOn={form.selectQuantity}
        />
        <Select
          label={t('article.unit')}
          aria-label={t('article.unit')}
          size="xl"
          allowDeselect={false}
          // The list of units is drawn when it opens, not with the sheet: kept mounted (Mantine's default), it
          // is measured and placed as the sheet is first drawn, in the frame a scan waits for.
          comboboxProps={{ keepMounted: false }}
          data={article.units.map((u) => ({ value: u.unit, label: u.unit }))}
          value={unit}
          onChange={(value) => value && dispatch({ type: 'edit', field: 'unit', value })}
        />
      </Group>
      {factor !== 1 && (
        <Text size="sm" c="dimmed">
          {t('article.factorHint', { unit, factor, base: article.baseUnit })}
        </Text>
      )}
    </>
  );
}
