import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { DeliveryNotesPage } from './components/delivery-notes-page';

// docs/spec.md §2: delivery-note processing is a single screen.
export default function routes(): RouteObject[] {
  return [
    { index: true, element: <DeliveryNotesPage /> },
    { path: '*', element: <Navigate to={paths.deliveryNotes.root} replace /> },
  ];
}
