// The V8 samples of a Lighthouse trace (category disabled-by-default-v8.cpu_profiler), summed by self time:
// where the page's main thread spends its time during the load, and how much the worker threads take.

/** The trace category that makes Chrome record the V8 sampling profile into the trace. */
export const CPU_PROFILE_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

const threadNames = (events) => {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  return names;
};

/** One profile per thread: its nodes (id → call frame) and its samples with the time each one stands for. */
function profilesOf(events) {
  const names = threadNames(events);
  const profiles = new Map();
  for (const e of events) {
    if (e.name !== 'Profile' && e.name !== 'ProfileChunk') continue;
    const key = `${e.pid}:${e.id}`;
    let p = profiles.get(key);
    if (!p) {
      p = {
        thread: names.get(`${e.pid}:${e.tid}`) ?? `tid ${e.tid}`,
        pid: e.pid,
        tid: e.tid,
        nodes: new Map(),
        samples: [],
        deltas: [],
      };
      profiles.set(key, p);
    }
    const data = e.args?.data;
    if (e.name === 'Profile' && data?.startTime !== undefined) p.startTime = data.startTime;
    for (const node of data?.cpuProfile?.nodes ?? []) p.nodes.set(node.id, node);
    p.samples.push(...(data?.cpuProfile?.samples ?? []));
    p.deltas.push(...(data?.timeDeltas ?? []));
  }
  return [...profiles.values()];
}

const fileOf = (url) => {
  if (!url) return '';
  const name = url.replace(/^https?:\/\/[^/]+/, '').replace(/[?#].*$/, '');
  // Hashed chunk names (index-BBCzUmmS.js) keep their stem only, so runs and builds compare.
  return name.replace(/-[\w-]{8}\.js$/, '.js');
};

/** The activity of a sample that is not a script function: V8's and the renderer's own entries. */
const activityOf = (frame) => {
  const fn = frame.functionName || '(anonymous)';
  if (!frame.url) return fn;
  const line = Number.isInteger(frame.lineNumber) ? `:${frame.lineNumber + 1}` : '';
  return `${fn} (${fileOf(frame.url)}${line})`;
};

/**
 * Self time (ms, as sampled: the trace runs at the machine's speed, Lighthouse's simulation multiplies the
 * main thread's tasks by its CPU slowdown) per activity and per script file, for the page's main thread
 * (the CrRendererMain running the app's scripts) and the total of each worker thread.
 */
export function summarizeCpuProfile(traceEvents) {
  const profiles = profilesOf(traceEvents);
  const selfOf = (p) => {
    const byNode = new Map();
    for (let i = 0; i < p.samples.length; i++) {
      const ms = (p.deltas[i + 1] ?? 0) / 1000;
      byNode.set(p.samples[i], (byNode.get(p.samples[i]) ?? 0) + ms);
    }
    return byNode;
  };
  // The page's renderer: of the renderers' main threads (the browser's own pages have one too), the one whose
  // samples fall most often in scripts loaded over http.
  const pageSamples = (p) => {
    const web = new Set([...p.nodes.values()].filter((n) => /^https?:/.test(n.callFrame.url)).map((n) => n.id));
    return p.samples.filter((id) => web.has(id)).length;
  };
  const main = profiles.filter((p) => p.thread === 'CrRendererMain').sort((a, b) => pageSamples(b) - pageSamples(a))[0];
  const activities = new Map();
  const files = new Map();
  let total = 0;
  let idle = 0;
  if (main) {
    for (const [id, ms] of selfOf(main)) {
      const frame = main.nodes.get(id)?.callFrame ?? { functionName: '(unknown)', url: '' };
      if (frame.functionName === '(idle)') {
        idle += ms;
        continue;
      }
      total += ms;
      const name = activityOf(frame);
      activities.set(name, (activities.get(name) ?? 0) + ms);
      const file = frame.url ? fileOf(frame.url) : frame.functionName;
      files.set(file, (files.get(file) ?? 0) + ms);
    }
  }
  const workers = profiles
    .filter((p) => p !== main && p.thread !== 'CrRendererMain')
    .map((p) => {
      let busy = 0;
      for (const [id, ms] of selfOf(p)) if (p.nodes.get(id)?.callFrame.functionName !== '(idle)') busy += ms;
      return { thread: p.thread, busy };
    })
    .filter((w) => w.busy > 0);
  const top = (map, n) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => ({ name, ms }));
  return {
    busy: total,
    idle,
    activities: top(activities, 15),
    files: top(files, 12),
    workers,
    tasks: tasksOf(traceEvents, main),
  };
}

/**
 * The main thread's tasks from the first contentful paint on, by the thread's own CPU time (the trace's tdur):
 * what blocking time they would make at 4× CPU (each task's time beyond 50 ms), counted without the waits a
 * busy machine adds to a task's wall time. Lighthouse's own figure uses the wall time.
 */
function tasksOf(events, main) {
  if (!main) return null;
  const nav = events.find(
    (e) => e.name === 'navigationStart' && /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''),
  );
  const fcp = nav && events.find((e) => e.name === 'firstContentfulPaint' && e.ts > nav.ts);
  if (!fcp) return null;
  let cpu = 0;
  let blocking = 0;
  let long = 0;
  let lastLongAt = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== main.pid || e.tid !== main.tid || e.ts < fcp.ts) continue;
    const ms = (e.tdur ?? e.dur) / 1000;
    cpu += ms;
    if (4 * ms > 50) {
      long++;
      blocking += 4 * ms - 50;
      lastLongAt = Math.max(lastLongAt, (e.ts - nav.ts) / 1000);
    }
  }
  return { cpu, long, blocking, lastLongAt };
}
