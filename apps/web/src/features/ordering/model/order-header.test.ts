import { describe, expect, it } from 'vitest';
import { orderListRedirect } from './order-header';

describe('the Liefertermin of an order', () => {
  it('is needed before the list', () => {
    expect(orderListRedirect(undefined)).toBe('/mde-bestellung/start');
    expect(orderListRedirect({ datum: null })).toBe('/mde-bestellung/start');
    expect(orderListRedirect({ datum: '2026-12-01' })).toBeNull();
  });
  it('must be a date', () => {
    expect(orderListRedirect({ datum: '01.12.2026' })).toBe('/mde-bestellung/start');
    expect(orderListRedirect({ datum: '2026-02-30' })).toBe('/mde-bestellung/start');
    expect(orderListRedirect({ datum: '2026-12-01' })).toBeNull();
  });
});
