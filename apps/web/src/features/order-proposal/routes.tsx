import { isDeliveryDateEditable } from '@mde/contracts';
import { Navigate, type RouteObject, redirect } from 'react-router';
import { entrySheetRoute } from '../../capture/components/entry-sheet';
import { paths } from '../../lib/paths';
import { requireModuleConfig } from '../../session/module-config';
import { OrderProposalDeliveryDate, OrderProposalList, OrderProposalSearch } from './components/order-proposal-pages';

export default function routes(): RouteObject[] {
  return [
    {
      // The list, and a line's entry as a sheet over it (entry-sheet.tsx).
      element: <OrderProposalList />,
      children: [{ index: true, element: null }, entrySheetRoute()],
    },
    {
      path: 'liefertermin',
      // docs/spec.md §5: the delivery date step exists only when LIEFERTERMIN_EINGEBBAR is 'true'.
      loader: async () => {
        if (!isDeliveryDateEditable(await requireModuleConfig())) throw redirect(paths.orderProposal.root);
        return null;
      },
      element: <OrderProposalDeliveryDate />,
    },
    {
      path: 'artikel-erfassen',
      children: [
        // docs/spec.md §2: the empty child of artikel-erfassen redirects to suche.
        { index: true, element: <Navigate to={paths.orderProposal.articleSearch} replace /> },
        { path: 'suche', element: <OrderProposalSearch /> },
      ],
    },
    // docs/spec.md §2: other paths redirect to the module root.
    { path: '*', element: <Navigate to={paths.orderProposal.root} replace /> },
  ];
}
