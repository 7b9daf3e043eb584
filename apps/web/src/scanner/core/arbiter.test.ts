import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCAN_HANDOVER_MS, SCAN_WAIT_LIMIT_MS, ScanArbiter, type SourcedScan } from './arbiter';
import { SCANNER_ERRORS } from './messages';

const scan = (data: string): SourcedScan => ({ data, labelType: 'ean13', timestamp: 1, source: 'wedge' });

describe('ScanArbiter (spec §4 single-scan arbitration)', () => {
  it('resolves the pending request with the first scan and aborts its signal', async () => {
    const a = new ScanArbiter();
    const r = a.request();
    a.deliver(scan('1'));
    await expect(r.promise).resolves.toMatchObject({ data: '1' });
    expect(r.signal.aborted).toBe(true);
    expect(a.isPending).toBe(false);
  });

  it('a second request cancels the first', async () => {
    const a = new ScanArbiter();
    const first = a.request();
    const second = a.request();
    await expect(first.promise).rejects.toThrow(SCANNER_ERRORS.cancelledByAnotherScan);
    a.deliver(scan('2'));
    await expect(second.promise).resolves.toMatchObject({ data: '2' });
  });

  it('an action cancels with "Cancelled by action"', async () => {
    const a = new ScanArbiter();
    const r = a.request();
    a.cancel();
    await expect(r.promise).rejects.toThrow(SCANNER_ERRORS.cancelledByAction);
    expect(r.signal.aborted).toBe(true);
  });

  it('cancelling with nothing running is an error', () => {
    expect(() => new ScanArbiter().cancel()).toThrow(SCANNER_ERRORS.nothingToCancel);
  });

  it('buffers scans without a pending request', () => {
    const a = new ScanArbiter();
    a.deliver(scan('A'));
    a.deliver(scan('B'));
    expect(a.readBuffer().map((s) => s.data)).toEqual(['A', 'B']);
    expect(a.readBuffer()).toEqual([]);
  });

  it('a scan for a pending request does not enter the buffer', async () => {
    const a = new ScanArbiter();
    const r = a.request();
    a.deliver(scan('X'));
    await r.promise;
    expect(a.readBuffer()).toEqual([]);
  });
});

describe('a scan goes only to the screen that waits for it', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (start = '/') => {
    const at = { route: start };
    const dropped: string[] = [];
    const a = new ScanArbiter({
      route: () => at.route,
      onDropped: (s) => dropped.push(s.data),
      idle: (fn) => setTimeout(fn, 0),
    });
    const taken: string[] = [];
    const consumer =
      (accepting: () => boolean = () => true) =>
      (s: SourcedScan) => {
        if (!accepting()) return false;
        taken.push(s.data);
        return true;
      };
    return { a, at, dropped, taken, consumer };
  };

  it('hands a scan straight to the registered consumer', () => {
    const { a, taken, consumer, dropped } = setup('/mde-inventur');
    a.register(consumer());
    a.deliver(scan('1'));
    vi.advanceTimersByTime(SCAN_HANDOVER_MS * 2);
    expect(taken).toEqual(['1']);
    expect(dropped).toEqual([]);
  });

  it('a pending request still wins over the consumer', async () => {
    const { a, taken, consumer } = setup();
    a.register(consumer());
    const r = a.request();
    a.deliver(scan('R'));
    await expect(r.promise).resolves.toMatchObject({ data: 'R' });
    expect(taken).toEqual([]);
  });

  it('drops a scan nobody takes after the window, with the error callback, and never replays it', () => {
    const { a, at, taken, consumer, dropped } = setup('/');
    a.deliver(scan('phantom'));
    vi.advanceTimersByTime(SCAN_HANDOVER_MS - 1);
    expect(dropped).toEqual([]);
    vi.advanceTimersByTime(1);
    // ...once the page is idle.
    vi.advanceTimersByTime(1);
    expect(dropped).toEqual(['phantom']);
    at.route = '/mde-inventur';
    a.register(consumer());
    expect(taken).toEqual([]);
  });

  it('bridges the moment between two screens: the screen the scan was made on opened the consumer', () => {
    const { a, at, taken, consumer, dropped } = setup('/');
    a.deliver(scan('bridge'));
    at.route = '/mde-inventur';
    a.noteRoute();
    vi.advanceTimersByTime(SCAN_HANDOVER_MS - 100);
    a.register(consumer());
    expect(taken).toEqual(['bridge']);
    vi.advanceTimersByTime(SCAN_HANDOVER_MS);
    expect(dropped).toEqual([]);
  });

  it('a scan is not handed to a screen two navigations away', () => {
    const { a, at, taken, consumer, dropped } = setup('/');
    a.deliver(scan('far'));
    at.route = '/settings';
    a.noteRoute();
    at.route = '/mde-inventur';
    a.register(consumer());
    expect(taken).toEqual([]);
    expect(dropped).toEqual(['far']);
  });

  it('a scan the list had queued while it opened an entry is handed over: the entry takes it once, heard once', () => {
    const { a, at, taken, consumer, dropped } = setup('/mde-inventur');
    const heard: string[] = [];
    a.subscribeScans((s) => heard.push(s.data));
    let listOpening = false;
    const listTook: string[] = [];
    a.register((s) => {
      if (listOpening) return false;
      listTook.push(s.data);
      return true;
    });
    a.deliver(scan('first'));
    a.deliver(scan('second'));
    expect(listTook).toEqual(['first', 'second']);
    // The first scan opens the entry; before its address changes the list hands the second one over.
    listOpening = true;
    a.handOver(scan('second'));
    at.route = '/mde-inventur/artikel-erfassen/7';
    a.register(consumer());
    expect(taken).toEqual(['second']);
    // Once the entry is up, a handed-over scan goes to it at once.
    a.handOver(scan('third'));
    vi.advanceTimersByTime(SCAN_HANDOVER_MS * 2);
    expect(taken).toEqual(['second', 'third']);
    expect(heard).toEqual(['first', 'second']);
    expect(dropped).toEqual([]);
  });

  it('a leaving screen leaves the scan for the screen it goes to', () => {
    const { a, at, taken, consumer } = setup('/mde-inventur/artikel-erfassen/7');
    let leaving = false;
    const off = a.register(consumer(() => !leaving));
    leaving = true;
    a.deliver(scan('next'));
    expect(taken).toEqual([]);
    at.route = '/mde-inventur';
    a.register(consumer());
    off();
    expect(taken).toEqual(['next']);
  });

  it('a screen still rendering when the window ends gets the scan: it is dropped only once the page is idle', () => {
    const { at, dropped, taken, consumer } = setup('/mde-bestellung');
    let idle: (() => void) | null = null;
    const a = new ScanArbiter({
      route: () => at.route,
      onDropped: (s) => dropped.push(s.data),
      idle: (fn) => {
        idle = fn;
      },
    });
    a.deliver(scan('slow'));
    vi.advanceTimersByTime(SCAN_HANDOVER_MS);
    a.register(consumer());
    (idle as (() => void) | null)?.();
    expect(taken).toEqual(['slow']);
    expect(dropped).toEqual([]);
  });

  it('a screen still shown while the app already moved on takes no scan: it was made on the new screen', () => {
    // A navigation is a transition: the URL changes first and the old screen stays up until the new one is
    // ready. A scan in that moment was made on the new screen, never on the capture list that is leaving.
    const { a, at, taken, consumer, dropped } = setup('/mde-inventur');
    a.register(consumer());
    at.route = '/';
    a.noteRoute();
    a.deliver(scan('on the overview'));
    vi.advanceTimersByTime(SCAN_HANDOVER_MS + 1);
    expect(taken).toEqual([]);
    expect(dropped).toEqual(['on the overview']);
  });

  it('after unregistering the consumer scans are buffered again and expire', () => {
    const { a, taken, consumer, dropped } = setup('/artikel-info/3');
    const off = a.register(consumer());
    off();
    a.deliver(scan('late'));
    vi.advanceTimersByTime(SCAN_HANDOVER_MS + 1);
    expect(taken).toEqual([]);
    expect(dropped).toEqual(['late']);
  });
});

describe('a scan waits for the screen of its URL to be drawn (a very slow handheld)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const at = { route: '/mde-bestellung/artikel-erfassen/1' };
    const dropped: string[] = [];
    const taken: string[] = [];
    const a = new ScanArbiter({
      route: () => at.route,
      onDropped: (s) => dropped.push(s.data),
      idle: (fn) => setTimeout(fn, 0),
    });
    a.screenShown(at.route);
    const take = (s: SourcedScan) => {
      taken.push(s.data);
      return true;
    };
    return { a, at, dropped, taken, take };
  };

  it('the list drawn long after its URL changed still gets the scan made on it', () => {
    const { a, at, dropped, taken, take } = setup();
    at.route = '/mde-bestellung';
    a.noteRoute();
    a.deliver(scan('next article'));
    vi.advanceTimersByTime(SCAN_HANDOVER_MS * 2 + 10);
    expect(dropped).toEqual([]);
    a.register(take, '/mde-bestellung');
    a.screenShown('/mde-bestellung');
    expect(taken).toEqual(['next article']);
    expect(dropped).toEqual([]);
  });

  it('a drawn screen that takes no scan gives it up at once, with its feedback', () => {
    const { a, at, dropped, taken } = setup();
    at.route = '/';
    a.noteRoute();
    a.deliver(scan('on the overview'));
    vi.advanceTimersByTime(SCAN_HANDOVER_MS + 10);
    expect(dropped).toEqual([]);
    a.screenShown('/');
    expect(dropped).toEqual(['on the overview']);
    expect(taken).toEqual([]);
  });

  it('within the window the drawn screen may still come: nothing is dropped early', () => {
    const { a, at, dropped } = setup();
    at.route = '/';
    a.noteRoute();
    a.deliver(scan('early'));
    a.screenShown('/');
    expect(dropped).toEqual([]);
    vi.advanceTimersByTime(SCAN_HANDOVER_MS + 10);
    expect(dropped).toEqual(['early']);
  });

  it('a screen that is never drawn does not keep the scan for ever', () => {
    const { a, at, dropped } = setup();
    at.route = '/mde-bestellung';
    a.noteRoute();
    a.deliver(scan('stuck'));
    vi.advanceTimersByTime(SCAN_WAIT_LIMIT_MS - 1);
    expect(dropped).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(dropped).toEqual(['stuck']);
  });
});

describe('whether a scan has a taker now', () => {
  it('is so with a pending request or a consumer of the screen shown, not for another screen', () => {
    let route = '/admin/users';
    const a = new ScanArbiter({ route: () => route });
    expect(a.takesScans).toBe(false);
    const stop = a.register(() => true, '/mde-inventur');
    expect(a.takesScans).toBe(false);
    route = '/mde-inventur';
    expect(a.takesScans).toBe(true);
    stop();
    expect(a.takesScans).toBe(false);
    void a.request().promise.catch(() => undefined);
    expect(a.takesScans).toBe(true);
  });

  // A saved entry goes back to the list: the URL is the list's, the list is not drawn yet, the entry's quantity
  // field still has the focus. A scan then is the list's; its keys must not be typed into the leaving field.
  it('is so between two screens, until the screen of the URL is drawn without a consumer', () => {
    let route = '/mde-bestellung/artikel-erfassen/1';
    const a = new ScanArbiter({ route: () => route });
    const stop = a.register(() => false, route);
    a.screenShown(route);
    route = '/mde-bestellung';
    expect(a.takesScans).toBe(true);
    stop();
    expect(a.takesScans).toBe(true);
    a.screenShown(route);
    expect(a.takesScans).toBe(false);
    a.register(() => true, route);
    expect(a.takesScans).toBe(true);
  });
});
