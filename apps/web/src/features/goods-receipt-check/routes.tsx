import { Navigate, type RouteObject } from 'react-router';
import { ModuleStepPage } from '../../components/module-step-page';
import { paths } from '../../lib/paths';

const step = (s: Parameters<typeof ModuleStepPage>[0]['step']) => (
  <ModuleStepPage module="goods-receipt-check" step={s} />
);

export default function routes(): RouteObject[] {
  return [
    { index: true, element: step('list') },
    { path: 'belege', element: step('documents') },
    { path: 'artikel-erfassen/suche', element: step('articleSearch') },
    { path: 'artikel-erfassen/:idartstamm', element: step('articleCapture') },
    {
      path: 'auswahl',
      children: [
        { path: 'belegart', element: step('documentType') },
        { path: 'bestellung/belegeingabe', element: step('orderDocumentEntry') },
        { path: 'bestellung/bezugsnummer', element: step('orderReferenceEntry') },
        { path: 'warenuebernahme/belegeingabe', element: step('receiptDocumentEntry') },
        { path: 'warenuebernahme/bezugsnummer', element: step('receiptReferenceEntry') },
        // Spec §2: other auswahl paths (the empty one included) redirect to belegart.
        { index: true, element: <Navigate to={paths.goodsReceiptCheck.selectDocumentType} replace /> },
        { path: '*', element: <Navigate to={paths.goodsReceiptCheck.selectDocumentType} replace /> },
      ],
    },
    { path: '*', element: <Navigate to={paths.goodsReceiptCheck.root} replace /> },
  ];
}
