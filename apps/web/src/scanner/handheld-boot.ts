import { createDataWedgeBridge, type DataWedgeBridge, findDataWedgePlugin } from './datawedge/datawedge-bridge';
import { storedWedgeSettingsUnchecked } from './wedge/wedge-defaults';
import type { WedgeScan } from './wedge/wedge-detector';
import { attachWedgeListener } from './wedge/wedge-listener';

/** A handheld scan made before the scan service was there to take it. */
export type EarlyScan =
  | { source: 'wedge'; scan: WedgeScan }
  | { source: 'datawedge'; data: string; labelType: string | undefined };

type WedgeHandle = ReturnType<typeof attachWedgeListener>;

/** Enough for a burst of trigger pulls; the oldest go first, as the scan buffer does (docs/spec.md §4). */
const EARLY_LIMIT = 50;

interface Boot {
  /** Until the wedge service takes it over (once). */
  wedge: WedgeHandle | null;
  dataWedge: DataWedgeBridge;
  waiting: EarlyScan[];
  sink: ((scan: EarlyScan) => void) | null;
}

let boot: Boot | null = null;

/**
 * Starts the keyboard-wedge listener and the DataWedge bridge with the page, before the first screen renders:
 * the scanner service behind them is a chunk of its own that loads later. A scan in between waits here, and
 * the first one asks for the service (`wake`), which then takes the waiting scans in order and hands each to
 * the screen that takes it, or refuses it with feedback when none does.
 */
export function bootHandheld(wake: () => void, target: Document = document): void {
  if (boot) return;
  const state: Boot = {
    wedge: attachWedgeListener(storedWedgeSettingsUnchecked(), (scan) => arrive({ source: 'wedge', scan }), target),
    dataWedge: createDataWedgeBridge(findDataWedgePlugin()),
    waiting: [],
    sink: null,
  };
  function arrive(scan: EarlyScan) {
    if (state.sink) return state.sink(scan);
    state.waiting.push(scan);
    if (state.waiting.length > EARLY_LIMIT) state.waiting.shift();
    if (state.waiting.length === 1) wake();
  }
  state.dataWedge.onScan((data, labelType) => arrive({ source: 'datawedge', data, labelType }));
  boot = state;
  // Visible to support staff (and end-to-end tests): handheld scans are heard from now on.
  target.documentElement.dataset.wedge = 'listening';
}

/**
 * Hands the scans of the listeners started with the page to `sink` from now on, the waiting ones first; returns
 * the wedge listener the first time, for the wedge service to own (null when there was no boot or it is taken).
 */
export function takeBootedWedge(sink: (scan: EarlyScan) => void): WedgeHandle | null {
  if (!boot) return null;
  boot.sink = sink;
  for (const scan of boot.waiting.splice(0)) sink(scan);
  const wedge = boot.wedge;
  boot.wedge = null;
  return wedge;
}

/** The DataWedge bridge started with the page (null before bootHandheld). */
export const bootedDataWedge = (): DataWedgeBridge | null => boot?.dataWedge ?? null;

/** Test hook: forgets the booted listener. */
export function resetHandheldBoot(): void {
  boot?.wedge?.detach();
  boot = null;
}
