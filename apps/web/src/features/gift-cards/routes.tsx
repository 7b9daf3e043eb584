import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { DailyBalancePage } from './components/daily-balance-page';
import { GiftCardBookingPage } from './components/gift-card-booking-page';
import { GiftCardExistingPage } from './components/gift-card-existing-page';
import { GiftCardStartPage } from './components/gift-card-start-page';

/** docs/spec.md §2 gutscheinkarten: charge; existing; redeem; daily-balance; empty = start. */
export default function routes(): RouteObject[] {
  return [
    { index: true, element: <GiftCardStartPage /> },
    { path: 'existing', element: <GiftCardExistingPage /> },
    { path: 'charge', element: <GiftCardBookingPage action="CHARGE" /> },
    { path: 'redeem', element: <GiftCardBookingPage action="REDEEM" /> },
    { path: 'daily-balance', element: <DailyBalancePage /> },
    { path: '*', element: <Navigate to={paths.giftCards.root} replace /> },
  ];
}
