import { Navigate, type RouteObject } from 'react-router';
import { ModuleStepPage } from '../../components/module-step-page';
import { paths } from '../../lib/paths';

// Spec §2: delivery-note processing is a single screen.
export default function routes(): RouteObject[] {
  return [
    { index: true, element: <ModuleStepPage module="delivery-notes" step="deliveryNotes" /> },
    { path: '*', element: <Navigate to={paths.deliveryNotes.root} replace /> },
  ];
}
