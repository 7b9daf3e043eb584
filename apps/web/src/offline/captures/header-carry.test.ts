import { describe, expect, it } from 'vitest';
import { carriedChange, carriedHeader, onlyCarriedFrom } from './header-carry';

const today = '2026-11-26';

describe('the header the next capture starts with', () => {
  it('keeps a delivery date still in the future, drops one that is today or past', () => {
    expect(carriedHeader({ datum: '2026-11-27' }, today)).toEqual({
      datum: '2026-11-27',
      lager: null,
      belegdatum: null,
      supplierId: null,
    });
    expect(carriedHeader({ datum: today }, today)).toBeNull();
    expect(carriedHeader({ datum: '2026-11-20' }, today)).toBeNull();
  });
  it('keeps the warehouse and today’s document date, not yesterday’s', () => {
    expect(carriedHeader({ lager: 1103, belegdatum: today }, today)).toMatchObject({ lager: 1103, belegdatum: today });
    expect(carriedHeader({ lager: 1103, belegdatum: '2026-11-25' }, today)).toMatchObject({
      lager: 1103,
      belegdatum: null,
    });
  });
  it('never hands on the supplier of a return', () => {
    expect(carriedHeader({ supplierId: 5, belegdatum: today }, today)?.supplierId).toBeNull();
    expect(carriedHeader({ supplierId: 5 }, today)).toBeNull();
    expect(carriedHeader(null, today)).toBeNull();
  });
});

describe('a refused export and the carried header', () => {
  const exported = { datum: null, lager: 1103, belegdatum: '2026-11-25', supplierId: null };
  it('takes the header back while it holds only what was carried', () => {
    expect(onlyCarriedFrom({ datum: null, lager: 1103, belegdatum: null, supplierId: null }, exported)).toBe(true);
    expect(onlyCarriedFrom(undefined, exported)).toBe(true);
    expect(onlyCarriedFrom({ datum: null, lager: 1101, belegdatum: null, supplierId: null }, exported)).toBe(false);
  });
  it('sends only the kept fields, so the server keeps the rest of a capture whose export it refused', () => {
    expect(carriedChange({ datum: null, lager: 1103, belegdatum: null, supplierId: null })).toEqual({ lager: 1103 });
  });
});
