import { describe, expect, it } from 'vitest';
import { hasDeliveryDate, orderListRedirect } from './order-header';

describe('the Liefertermin of an order', () => {
  it('is needed before the list', () => {
    expect(orderListRedirect(undefined)).toBe('/mde-bestellung/start');
    expect(orderListRedirect({ datum: null })).toBe('/mde-bestellung/start');
    expect(orderListRedirect({ datum: '2026-12-01' })).toBeNull();
  });
  it('must be a date', () => {
    expect(hasDeliveryDate({ datum: '01.12.2026' })).toBe(false);
    expect(hasDeliveryDate({ datum: '2026-12-01' })).toBe(true);
  });
});
