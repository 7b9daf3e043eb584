import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

// What a person sees on a 360 px phone: nothing wider than the screen, no label cut off with an ellipsis,
// no text clipped by its box, and nothing that only scrolls sideways without saying so.

/**
 * Every cut or overflow on the visible page, as readable sentences (empty when the page fits). A box that
 * scrolls sideways on purpose (a wide table) counts only when it has no visible scroll hint
 * (`data-scroll-hint` naming the element that tells the user). A screen that draws such a hint once it has
 * measured its table (a frame or two later, ResizeObserver) is asked again until it has, for up to two seconds:
 * what is still wrong then is reported.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  let problems = await measureLayout(page);
  const until = Date.now() + 2000;
  while (problems.length > 0 && Date.now() < until) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    problems = await measureLayout(page);
  }
  return problems;
}

function measureLayout(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`page is ${root.scrollWidth - root.clientWidth} px wider than the screen`);
    }
    const describe = (el: Element) => {
      const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ');
      return `<${el.tagName.toLowerCase()}> "${label.slice(0, 60)}"`;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none' && !el.closest('[aria-hidden="true"],[inert]');
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!(el instanceof HTMLElement) || !visible(el)) continue;
      if (el.matches('input, textarea, select, svg, svg *, canvas, video')) continue;
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (r.right > root.clientWidth + 1 && s.position !== 'fixed' && !el.closest('[data-scroll-hint]')) {
        // A box reaching past the right edge is cut unless an ancestor scrolls it on purpose.
        let scroller: HTMLElement | null = el.parentElement;
        while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) {
          scroller = scroller.parentElement;
        }
        if (!scroller || scroller === document.body || scroller === root) {
          problems.push(`${describe(el)} reaches ${Math.round(r.right - root.clientWidth)} px past the screen`);
        }
      }
      const hasOwnText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      const cuts = el.scrollWidth > el.clientWidth + 1;
      if (!cuts) continue;
      if (s.textOverflow === 'ellipsis' && el.textContent?.trim()) {
        problems.push(`${describe(el)} is cut with an ellipsis`);
      } else if (['hidden', 'clip'].includes(s.overflowX) && (hasOwnText || el.querySelector('span,p,a,b,strong'))) {
        if (el.textContent?.trim()) problems.push(`${describe(el)} clips its text`);
      } else if (['auto', 'scroll'].includes(s.overflowX) && el !== document.body && el !== root) {
        const hintId = el.getAttribute('data-scroll-hint');
        const hint = hintId ? document.getElementById(hintId) : null;
        if (!hint || !visible(hint)) problems.push(`${describe(el)} scrolls sideways without a hint`);
      }
    }
    return [...new Set(problems)];
  });
}

const axeSource = (() => {
  const require = createRequire(import.meta.url);
  // axe-core ships its engine as one browser script.
  return require('node:fs').readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') as string;
})();

/** axe-core's serious and critical findings on the page as it is now (WCAG 2 A/AA rules). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol, which the app's CSP (script-src 'self') does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // Colours are judged as they end up: a dialog or notice still fading in or out has no contrast to speak of.
    const settling = document.getAnimations().filter((a) => a.playState === 'running');
    await Promise.race([
      Promise.allSettled(settling.map((a) => a.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[]; failureSummary?: string }[];
      }[];
    }
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map(
          (n) => `${v.id} (${v.impact}): ${n.target.join(' ')} – ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`,
        ),
      );
  });
}

/**
 * The page has stopped moving: its fonts are in and no transition or animation that ends is still running (a
 * drawer or a toast fading in would be read half-transparent by the contrast check, and half-way by the layout
 * check). Endless ones, such as a spinner, do not count: the screens are checked for them separately.
 */
export async function stoppedMoving(page: Page) {
  await page.waitForFunction(async () => {
    await document.fonts.ready;
    return document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY);
  });
}

/** The screen shown has no serious axe violation. */
export async function expectNoSeriousAxe(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}
