import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';

const isId = (v: string | undefined) => v === undefined || /^[1-9]\d{0,9}$/.test(v);

/** docs/spec.md §2: any other path goes to select, also one whose location or product is not an id. */
export function ValidParams({ children }: { children: ReactNode }) {
  const { id, productId } = useParams();
  if (!isId(id) || !isId(productId)) return <Navigate to={paths.storageLocations.select} replace />;
  return children;
}
