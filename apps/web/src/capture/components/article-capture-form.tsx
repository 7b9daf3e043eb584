import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { showsStorageLocation } from '@mde/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnsavedInput } from '../../lib/unsaved-input';
import type { CaptureHeaderRow, CaptureScope } from '../../offline/captures/rows';
import { markScan } from '../../scanner';
import { moduleConfigQuery } from '../../session/module-config';
import type { CaptureArticleAnswer } from '../api/capture-article';
import type { CaptureModuleDef } from '../capture-module';
import { useAddOrReplace } from '../hooks/use-add-or-replace';
import { useArticleScans } from '../hooks/use-article-scans';
import { type CaptureNavState, useEntryForm } from '../hooks/use-entry-form';
import { useEntrySave } from '../hooks/use-entry-save';
import { useHeldScan } from '../hooks/use-held-scan';
import { useLocationScan } from '../hooks/use-location-scan';
import { type EntryRules, entryKey, firstProblem } from '../model/entry-form';
import { AddOrReplaceDialog } from './add-or-replace-dialog';
import { ArticleFacts } from './article-facts';
import { EntryBatch } from './entry-batch';
import { EntryQuantity } from './entry-quantity';
import { EntryReason } from './entry-reason';

interface Props {
  def: CaptureModuleDef;
  scope: CaptureScope;
  article: CaptureArticleAnswer;
  header: CaptureHeaderRow | null;
  nav: CaptureNavState;
  /** Drawn from a scan before the address has followed: scans wait for the address (entry-sheet.tsx). */
  pending?: boolean;
}

const CONTINUOUS_KEY = 'mde.capture.continuous';

/**
 * The entry of one line: the article's facts, quantity and unit, location, batch, reason, then save (Enter) or
 * 'Weiter scannen'. The rules live in model/entry-form.ts; the parts only show the form's state.
 */
export function ArticleCaptureForm({ def, scope, article, header, nav, pending = false }: Props) {
  const { t } = useTranslation('capture');
  const navigate = useNavigate();
  const config = useQuery(moduleConfigQuery()).data;
  const rules: EntryRules = {
    allowsZero: def.info.allowsZero,
    showLocation: showsStorageLocation(config, def.info.configName),
    tracksBatch: def.info.tracksBatch === true,
    hasReasons: def.info.hasReasons,
  };
  const { form, dispatch, editing, remembered } = useEntryForm(def, scope, article, nav);
  const question = useAddOrReplace();
  const heldScan = useHeldScan();
  const entry = useEntrySave({ scope, article, rules, form, dispatch, editing, remembered, ask: question.ask });
  const [done, setDone] = useState(false);
  // An update of the app must not reload this screen before its entry is saved.
  useUnsavedInput(!done);
  const quantityRef = useRef<HTMLInputElement>(null);
  // A scan's last phases (scanner/core/scan-marks): the form is in the DOM, then the frame that shows it.
  useLayoutEffect(() => {
    markScan('commit');
    requestAnimationFrame(() => markScan('frame'));
  }, []);

  // Set when the saved entry goes back to the list. Until the list has taken over (a route change can
  // render late), the scans wait in the buffer for it: they must not open the next article from here
  // with this entry's storage location.
  const leaving = useRef(false);
  const submit = async (continueAfter: boolean) => {
    if (!(await entry.saveOnce())) {
      quantityRef.current?.focus({ preventScroll: true });
      return;
    }
    if (continueAfter) sessionStorage.setItem(CONTINUOUS_KEY, '1');
    else sessionStorage.removeItem(CONTINUOUS_KEY);
    // A scan held while the entry was refused opens its article now.
    if (heldScan.release()) return;
    if (continueAfter) setDone(true);
    else {
      leaving.current = true;
      navigate(def.paths.root);
    }
  };

  // A shelf label scanned in the entry sets its location, as it does on the list.
  const { take: takeLocation } = useLocationScan(def, rules.showLocation ? header?.header.lager : null, (code) =>
    dispatch({ type: 'edit', field: 'location', value: code }),
  );
  useArticleScans({
    def,
    scope,
    takeLocation,
    location: entryKey(form.fields, rules).storageLocation,
    // A scan while an entry is typed saves it first: the next article never swallows this one. A refused
    // entry holds the scan until it is saved (or left).
    beforeNext: async () => {
      if (done || entry.isSaved() || form.fields.quantity.trim() === '') return true;
      if (form.keysHeld !== 'refused' && (await entry.saveOnce())) return true;
      await heldScan.hold();
      return true;
    },
    accepting: () => !leaving.current,
    enabled: !pending,
    onRefused: () => dispatch({ type: 'scanRefused' }),
  });

  if (done) {
    return (
      <Paper withBorder p="lg" data-testid="next-scan">
        <Stack align="center">
          <Text fw={600}>{t('article.nextScan')}</Text>
          <Text c="dimmed">{t('article.nextScanHint')}</Text>
          <Button variant="default" onClick={() => navigate(def.paths.root)}>
            {t('article.save')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  const continuous = sessionStorage.getItem(CONTINUOUS_KEY) === '1';
  const missing = firstProblem(form.problems);
  return (
    <Stack gap="sm">
      <ArticleFacts
        def={def}
        article={article}
        header={header}
        unit={form.fields.unit}
        quantity={form.fields.quantity}
        onTakeProposal={(quantity, unit) =>
          dispatch({ type: 'proposal', quantity, unit: article.units.some((u) => u.unit === unit) ? unit : null })
        }
      />
      {article.offline && <Alert color="gray">{t('article.offline')}</Alert>}
      {heldScan.held && (
        <Alert color="yellow" data-testid="scan-held" role="status">
          <Text size="sm" fw={700}>
            {t('article.scanHeldTitle')}
          </Text>
          <Text size="sm">{missing ? t('article.scanHeld', { missing }) : t('article.scanHeldSave')}</Text>
        </Alert>
      )}
      <EntryQuantity
        article={article}
        form={form}
        dispatch={dispatch}
        onEnter={() => void submit(continuous)}
        inputRef={quantityRef}
      />
      {rules.showLocation && (
        <TextInput
          label={t('article.location')}
          aria-label={t('article.location')}
          value={form.fields.location}
          maxLength={40}
          onChange={(e) => dispatch({ type: 'edit', field: 'location', value: e.currentTarget.value })}
        />
      )}
      {rules.tracksBatch && <EntryBatch form={form} dispatch={dispatch} />}
      {rules.hasReasons && <EntryReason form={form} dispatch={dispatch} />}
      <Group grow>
        <Button size="lg" variant={continuous ? 'default' : 'filled'} onClick={() => void submit(false)}>
          {t('article.save')}
        </Button>
        <Button size="lg" variant={continuous ? 'filled' : 'light'} onClick={() => void submit(true)}>
          {t('article.continue')}
        </Button>
      </Group>
      <AddOrReplaceDialog line={question.asked} onAnswer={question.answer} />
    </Stack>
  );
}
