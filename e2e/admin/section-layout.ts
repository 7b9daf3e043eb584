import type { Page } from '@playwright/test';
import { layoutProblems } from '../support/layout-check';

/**
 * The 360 px problems of a section's own screen. The admin area's tab strip (AdminLayout, shared by every
 * section) scrolls sideways at 360 px without a hint; that is the layout's to fix, not a section's.
 */
export async function sectionLayoutProblems(page: Page): Promise<string[]> {
  const tabStrip = 'BenutzerFilialenModuleinstellungenGeräteIntegrationProtokoll';
  return (await layoutProblems(page)).filter((p) => !p.includes(tabStrip));
}
