// @vitest-environment jsdom
import { type CaptureDocumentDetail, inventoryCountModule } from '@mde/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import type { CaptureModuleDef } from '../capture-module';
import { DocumentsList } from './documents-list';

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });

const def: CaptureModuleDef = {
  info: inventoryCountModule,
  name: 'inventory-count',
  paths: { root: '/mde-inventur', articleSearch: '/mde-inventur/suche', articleCapture: (id) => `/mde-inventur/${id}` },
  headerFields: ['lager', 'belegdatum'],
};

const DOCUMENT: CaptureDocumentDetail = {
  id: 17,
  number: 'IN-2026-000017',
  module: 'inventory-count',
  supplierId: null,
  supplierName: null,
  edi: null,
  datum: null,
  lager: 1101,
  belegdatum: '2026-11-28',
  lineCount: 1,
  createdAt: '2026-11-28T16:05:12.000Z',
  createdBy: 'Dana Demo',
  position: null,
  result: null,
  lines: [
    {
      id: 1,
      clientId: 'c1',
      articleId: 900_003,
      articleNumber: 'T900003',
      designation: 'Testkäse',
      quantity: 2.5,
      unit: 'kg',
      factor: 1,
      storageLocation: null,
      reason: null,
      batch: null,
      bestBefore: null,
      warnings: [],
      capturedAt: '2026-11-28T16:00:00.000Z',
      updatedAt: '2026-11-28T16:00:00.000Z',
      deleted: false,
      version: 1,
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DocumentsList', () => {
  it('offers each document as a CSV and a JSON download, plain links the phone saves', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/documents')) {
          const { lines: _lines, result: _result, ...summary } = DOCUMENT;
          return Promise.resolve(json([summary]));
        }
        return Promise.resolve(json(DOCUMENT));
      }),
    );
    renderScreen(<DocumentsList def={def} vkforgId={11} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /IN-2026-000017/ }));

    const csv = await screen.findByRole('link', { name: 'Beleg IN-2026-000017 als CSV herunterladen' });
    expect(csv.textContent).toBe('CSV herunterladen');
    expect(csv.getAttribute('href')).toBe('/api/v1/captures/inventory-count/documents/17/download?format=csv');
    expect(csv.hasAttribute('download')).toBe(true);
    const jsonLink = screen.getByRole('link', { name: 'Beleg IN-2026-000017 als JSON herunterladen' });
    expect(jsonLink.textContent).toBe('JSON herunterladen');
    expect(jsonLink.getAttribute('href')).toBe('/api/v1/captures/inventory-count/documents/17/download?format=json');
    expect(jsonLink.hasAttribute('download')).toBe(true);
    // Beside the document's lines, in its panel.
    const panel = csv.closest('[role="region"]') as HTMLElement;
    expect(within(panel).getByText(/T900003 · Testkäse/)).toBeTruthy();
  });
});
