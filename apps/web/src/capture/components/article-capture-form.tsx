import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  captureLineFields,
  checkQuantity,
  RETURN_REASONS,
  RETURNS_MSG,
  type ReturnReason,
  showsStorageLocation,
} from '@mde/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError } from '../../lib/notify';
import { useUnsavedInput } from '../../lib/unsaved-input';
import type { CaptureHeaderRow, CaptureLineRow, CaptureScope } from '../../offline/captures/rows';
import { markScan } from '../../scanner';
import { moduleConfigQuery } from '../../session/module-config';
import type { CaptureArticleAnswer } from '../api/capture-article';
import type { CaptureModuleDef } from '../capture-module';
import { commitEntry, existingLine, type MergeMode, rememberedReason } from '../commit-entry';
import { lineByClientId } from '../hooks/device-store';
import { useArticleScans } from '../hooks/use-article-scans';
import { quantityText, startQuantity, startUnit } from '../model/entry-defaults';
import { AddOrReplaceDialog } from './add-or-replace-dialog';
import { ArticleFacts } from './article-facts';
import { QuantityInput } from './quantity-input';

/** Where the capture screen was opened from: a scan (unit and quantity of the code) or the list (edit). */
export interface CaptureNavState {
  clientId?: string;
  unit?: string;
  factor?: number;
  quantity?: number;
  location?: string | null;
  /** Batch and best-before date a GS1 code carried (AI 10, AI 17). */
  batch?: string;
  bestBefore?: string;
}

interface Props {
  def: CaptureModuleDef;
  scope: CaptureScope;
  article: CaptureArticleAnswer;
  header: CaptureHeaderRow | null;
  nav: CaptureNavState;
}

const CONTINUOUS_KEY = 'mde.capture.continuous';

/** The German message of a field's own rule (contracts), or undefined when the value passes. */
const fieldProblem = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } },
  v: unknown,
) => schema.safeParse(v).error?.issues[0]?.message;

export function ArticleCaptureForm({ def, scope, article, header, nav }: Props) {
  const { t } = useTranslation('capture');
  const navigate = useNavigate();
  const config = useQuery(moduleConfigQuery()).data;
  const showLocation = showsStorageLocation(config, def.info.configName);
  const firstUnit = startUnit(article, nav.unit);
  const [unit, setUnit] = useState(firstUnit);
  const [quantity, setQuantity] = useState(() => startQuantity(article, firstUnit, nav.quantity));
  const [location, setLocation] = useState(nav.location ?? '');
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const tracksBatch = def.info.tracksBatch === true;
  const [batch, setBatch] = useState(nav.batch ?? '');
  const [bestBefore, setBestBefore] = useState(nav.bestBefore ?? '');
  const [batchError, setBatchError] = useState<{ batch?: string; bestBefore?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<CaptureLineRow | null>(null);
  // A Retoure line starts with the reason last chosen in this Retoure (read from its lines, so a reload keeps it).
  const [remembered] = useState(() =>
    def.info.hasReasons && !nav.clientId ? rememberedReason(scope) : Promise.resolve(null),
  );
  // Set by a refused scan: the quantity in the field still belongs to this article.
  const [held, setHeld] = useState(false);
  const [question, setQuestion] = useState<{ line: CaptureLineRow; answer: (m: MergeMode | null) => void } | null>(
    null,
  );
  const [saved, setSaved] = useState(false);
  // An update of the app must not reload this screen before its entry is saved.
  useUnsavedInput(!saved);
  const quantityRef = useRef<HTMLInputElement>(null);
  // A scan's last phases (scanner/core/scan-marks): the form is in the DOM, then the frame that shows it.
  useLayoutEffect(() => {
    markScan('commit');
    requestAnimationFrame(() => markScan('frame'));
  }, []);
  // Faster hands: the scan opened this screen, the quantity is next. Focused and selected, so a hardware
  // keypad types the count over the proposed one and Enter saves, without a tap on the field.
  useEffect(() => {
    const field = quantityRef.current;
    if (!field) return;
    field.focus({ preventScroll: true });
    field.select();
  }, []);
  const factor = article.units.find((u) => u.unit === unit)?.factor ?? 1;
  const entryKey = {
    storageLocation: showLocation ? location.trim() || null : null,
    reason: def.info.hasReasons ? reason : null,
    batch: tracksBatch ? batch.trim() || null : null,
    bestBefore: tracksBatch ? bestBefore || null : null,
  };

  const ask = (line: CaptureLineRow) =>
    new Promise<MergeMode | null>((resolve) => setQuestion({ line, answer: resolve }));

  // Editing from the list: the line as it is. An article already on the list is asked about on save (Enter),
  // never on opening: the worker types the count first, as for any article, and keeps it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opened article
  useEffect(() => {
    void (async () => {
      if (!nav.clientId) {
        const last = await remembered;
        if (last) setReason((chosen) => chosen ?? last);
        return;
      }
      const line = await lineByClientId(nav.clientId);
      if (!line) return;
      setEditing(line);
      setQuantity(quantityText(line.quantity));
      setUnit(line.unit);
      setLocation(line.storageLocation ?? '');
      setReason(line.reason);
      setBatch(line.batch ?? '');
      setBestBefore(line.bestBefore ?? '');
    })();
  }, []);

  /** Saves the entry; false when it is invalid or the user cancelled the add-or-replace question. */
  const save = async (): Promise<boolean> => {
    const checked = checkQuantity(quantity, unit, def.info);
    if (!checked.ok) {
      setError(checked.message);
      return false;
    }
    const batchProblem = {
      batch: fieldProblem(captureLineFields.batch.input, entryKey.batch),
      bestBefore: fieldProblem(captureLineFields.bestBefore.input, entryKey.bestBefore),
    };
    setBatchError(batchProblem);
    if (batchProblem.batch || batchProblem.bestBefore) return false;
    // Enter right after the scan may come before the remembered reason is shown: it still counts.
    const chosenReason = def.info.hasReasons ? (reason ?? (editing ? null : await remembered)) : null;
    if (def.info.hasReasons && !chosenReason) {
      notifyError(RETURNS_MSG.reasonRequired);
      return false;
    }
    setError(null);
    const key = { ...entryKey, reason: chosenReason };
    const entry = { quantity: checked.value, unit, factor, ...key };
    let target = editing ?? undefined;
    let mode: MergeMode = 'replace';
    if (!editing) {
      const existing = await existingLine(scope, article.idartstamm, key);
      if (existing) {
        const known = await ask(existing);
        setQuestion(null);
        if (known === null) {
          quantityRef.current?.focus({ preventScroll: true });
          return false;
        }
        target = existing;
        mode = known;
      }
    }
    await commitEntry(scope, article, entry, target, mode);
    return true;
  };

  // One save per entry: a scan that arrives while Enter's save is still running (or right after it, while
  // this screen is leaving) must wait for that save, never start a second one with its own question.
  const entrySaved = useRef(false);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const saveOnce = (): Promise<boolean> => {
    if (entrySaved.current) return Promise.resolve(true);
    inFlight.current ??= save().then((ok) => {
      entrySaved.current = ok;
      inFlight.current = null;
      return ok;
    });
    return inFlight.current;
  };

  // Set when the saved entry goes back to the list. Until the list has taken over (a route change can
  // render late), the scans wait in the buffer for it: they must not open the next article from here
  // with this entry's storage location.
  const leaving = useRef(false);
  const submit = async (continueAfter: boolean) => {
    if (!(await saveOnce())) return;
    if (continueAfter) {
      sessionStorage.setItem(CONTINUOUS_KEY, '1');
      setSaved(true);
    } else {
      sessionStorage.removeItem(CONTINUOUS_KEY);
      leaving.current = true;
      navigate(def.paths.root);
    }
  };

  useArticleScans({
    def,
    scope,
    location: entryKey.storageLocation,
    // A scan while an entry is typed saves it first: the next article never swallows this one.
    beforeNext: async () => saved || entrySaved.current || quantity.trim() === '' || (await saveOnce()),
    accepting: () => !leaving.current,
    onRefused: () => setHeld(quantity.trim() !== ''),
  });

  if (saved) {
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
  return (
    <Stack gap="sm">
      <ArticleFacts
        def={def}
        article={article}
        header={header}
        unit={unit}
        quantity={quantity}
        onTakeProposal={(q, u) => {
          setQuantity(q);
          if (article.units.some((x) => x.unit === u)) setUnit(u);
        }}
      />
      {article.offline && <Alert color="gray">{t('article.offline')}</Alert>}
      {held && (
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
          error={error}
          onChange={setQuantity}
          onEnter={() => {
            setHeld(false);
            void submit(continuous);
          }}
          inputRef={quantityRef}
          held={held}
          onRelease={() => setHeld(false)}
        />
        <Select
          label={t('article.unit')}
          aria-label={t('article.unit')}
          size="xl"
          allowDeselect={false}
          data={article.units.map((u) => ({ value: u.unit, label: u.unit }))}
          value={unit}
          onChange={(v) => v && setUnit(v)}
        />
      </Group>
      {factor !== 1 && (
        <Text size="sm" c="dimmed">
          {t('article.factorHint', { unit, factor, base: article.baseUnit })}
        </Text>
      )}
      {showLocation && (
        <TextInput
          label={t('article.location')}
          aria-label={t('article.location')}
          value={location}
          maxLength={40}
          onChange={(e) => setLocation(e.currentTarget.value.toUpperCase())}
        />
      )}
      {tracksBatch && (
        <Group align="flex-start" grow>
          <TextInput
            label={t('article.batch')}
            aria-label={t('article.batch')}
            value={batch}
            maxLength={20}
            error={batchError.batch}
            onChange={(e) => setBatch(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('article.bestBefore')}
            aria-label={t('article.bestBefore')}
            value={bestBefore}
            error={batchError.bestBefore}
            onChange={(e) => setBestBefore(e.currentTarget.value)}
          />
        </Group>
      )}
      {def.info.hasReasons && (
        <Select
          label={t('article.reason')}
          aria-label={t('article.reason')}
          placeholder={t('article.reasonPlaceholder')}
          data={[...RETURN_REASONS]}
          value={reason}
          onChange={(v) => setReason(v as ReturnReason | null)}
          // A reason is required: picking the chosen one again keeps it (Mantine would clear it, and the save
          // then refused the line with 'Bitte wählen Sie einen Rückgabegrund').
          allowDeselect={false}
          required
        />
      )}
      <Group grow>
        <Button size="lg" variant={continuous ? 'default' : 'filled'} onClick={() => void submit(false)}>
          {t('article.save')}
        </Button>
        <Button size="lg" variant={continuous ? 'filled' : 'light'} onClick={() => void submit(true)}>
          {t('article.continue')}
        </Button>
      </Group>
      <AddOrReplaceDialog line={question?.line ?? null} onAnswer={(m) => question?.answer(m)} />
    </Stack>
  );
}
