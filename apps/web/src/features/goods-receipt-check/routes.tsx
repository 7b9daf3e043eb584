import { Navigate, type RouteObject } from 'react-router';
import { ArticleSearchPage } from '../../capture/components/article-search-page';
import { CaptureListPage } from '../../capture/components/capture-list-page';
import { entrySheetRoute } from '../../capture/components/entry-sheet';
import { paths } from '../../lib/paths';
import { DocumentEntryPage } from './components/document-entry-page';
import { DocumentPanel } from './components/document-panel';
import { DocumentTypePage } from './components/document-type-page';
import { DocumentsPage } from './components/documents-page';
import { goodsReceiptCheckDef as def, goodsReceiptCheckHeaderMessage } from './model/capture-def';

export default function routes(): RouteObject[] {
  return [
    {
      // The list, and a line's entry as a sheet over it (entry-sheet.tsx).
      element: (
        <CaptureListPage def={def} headerMessage={goodsReceiptCheckHeaderMessage}>
          <DocumentPanel />
        </CaptureListPage>
      ),
      children: [{ index: true, element: null }, entrySheetRoute()],
    },
    { path: 'belege', element: <DocumentsPage /> },
    { path: 'artikel-erfassen/suche', element: <ArticleSearchPage def={def} /> },
    {
      path: 'auswahl',
      children: [
        { path: 'belegart', element: <DocumentTypePage /> },
        {
          path: 'bestellung/belegeingabe',
          element: <DocumentEntryPage variante="BESTELLUNG" field="nummer" step="orderDocumentEntry" />,
        },
        {
          path: 'bestellung/bezugsnummer',
          element: <DocumentEntryPage variante="BESTELLUNG" field="bezugsnummer" step="orderReferenceEntry" />,
        },
        {
          path: 'warenuebernahme/belegeingabe',
          element: <DocumentEntryPage variante="WARENUEBERNAHME" field="nummer" step="receiptDocumentEntry" />,
        },
        {
          path: 'warenuebernahme/bezugsnummer',
          element: <DocumentEntryPage variante="WARENUEBERNAHME" field="bezugsnummer" step="receiptReferenceEntry" />,
        },
        // docs/spec.md §2: other auswahl paths (the empty one included) redirect to belegart.
        { index: true, element: <Navigate to={paths.goodsReceiptCheck.selectDocumentType} replace /> },
        { path: '*', element: <Navigate to={paths.goodsReceiptCheck.selectDocumentType} replace /> },
      ],
    },
    { path: '*', element: <Navigate to={paths.goodsReceiptCheck.root} replace /> },
  ];
}
