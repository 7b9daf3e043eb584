import { describe, expect, it } from 'vitest';
import { agreedText, rescuedText, weigh } from './still-agreement';

// The reads the degraded-photo bench (bench/decode/degraded-bench.ts) saw on ../shared/data/barcodes.
describe('a retail code from a still image counts only when reads agree', () => {
  it('counts the first read when the strict read backs it', () => {
    expect(agreedText({ first: '5030159003930', strict: '5030159003930', views: [] })).toBe('5030159003930');
  });

  it('keeps a Bookland add-on the other reads leave out', () => {
    expect(agreedText({ first: '978073520044951299', strict: '9780735200449', views: [] })).toBe('978073520044951299');
    expect(agreedText({ first: '978073520044951299', strict: null, views: [null, '9780735200449', null] })).toBe(
      '978073520044951299',
    );
  });

  it('gives no answer for upca-3/11 at JPEG quality 10: "0844818000216" read once, nothing backs it', () => {
    // The strict read and every rescaled copy found nothing (the bench's reads of that picture).
    expect(agreedText({ first: '0844818000216', strict: null, views: [null, null, null] })).toBeNull();
  });

  it('gives no answer when a rescaled copy reads another code', () => {
    // upca-3/11 at JPEG quality 10 resized by other kernels: one copy agreed with the misread, others read the label.
    expect(agreedText({ first: '0844818000216', strict: null, views: ['0844818000216', '0854818000116'] })).toBeNull();
  });

  it('counts a first read a rescaled copy backs when the strict read found nothing (upce-3/05 as photographed)', () => {
    expect(agreedText({ first: '0049000006582', strict: null, views: [null, null, '0049000006582'] })).toBe(
      '0049000006582',
    );
  });

  it('takes the strict read over a first read it contradicts only when a rescaled copy backs it', () => {
    // ean13-1/35 at 35 % contrast: 2 scan lines agreed on "7439340937036", 5 on the label's code.
    expect(agreedText({ first: '7439340937036', strict: '5030159003930', views: ['5030159003930', null] })).toBe(
      '5030159003930',
    );
    // ean13-3/45 in perspective: nothing backs the strict read, and the first read contradicts it.
    expect(agreedText({ first: '1700731619937', strict: '9780735619937', views: [null, null] })).toBeNull();
  });

  it('never takes an EAN-8 and an EAN-13 that starts with its digits as the same code', () => {
    expect(agreedText({ first: '12345670', strict: null, views: ['1234567012345'] })).toBeNull();
  });

  it('lets the further read variants back a first read only when no rescaled copy found a code', () => {
    // ean13-1/25 blurred (σ 1.5): the strict read and the 0.75, 1.5 and 3 copies found nothing; the half-size copy,
    // the fixed threshold and the picture turned 5° read the label's code.
    const moreViews = ['9780140013993', null, '9780140013993', null, '9780140013993'];
    expect(agreedText({ first: '9780140013993', strict: null, views: [null, null, null], moreViews })).toBe(
      '9780140013993',
    );
    // A rescaled copy that reads another code has refused the read; the further variants do not overrule it.
    expect(
      agreedText({ first: '0844818000216', strict: null, views: ['0854818000116'], moreViews: ['0844818000216'] }),
    ).toBeNull();
  });

  it('refuses a first read the further variants disagree on', () => {
    // upca-3/11 at JPEG quality 10: the picture turned 5° reads the label's code, not the misread.
    expect(
      agreedText({
        first: '0844818000216',
        strict: null,
        views: [null, null, null],
        moreViews: [null, null, null, null, '0854818000116'],
      }),
    ).toBeNull();
    expect(
      agreedText({
        first: '0844818000216',
        strict: null,
        views: [null],
        moreViews: ['0844818000216', '0854818000116'],
      }),
    ).toBeNull();
  });

  it('refuses a single read that nothing backs, however many variants were read', () => {
    expect(
      agreedText({ first: '0844818000216', strict: null, views: [null, null], moreViews: [null, null] }),
    ).toBeNull();
  });
});

describe('reads weighed against a candidate', () => {
  it('is backed by one agreeing read, contradicted by any other code, unread when none found one', () => {
    expect(weigh('5030159003930', [null, '5030159003930'])).toBe('backed');
    expect(weigh('5030159003930', ['5030159003930', '5030159003931'])).toBe('contradicted');
    expect(weigh('5030159003930', [null, null])).toBe('unread');
    expect(weigh('5030159003930', [])).toBe('unread');
  });
});

describe('a code only the read variants found (the first read missed the picture)', () => {
  it('counts when two variants agree and none reads another', () => {
    expect(rescuedText([null, 'EAN_13 4006381333931', 'EAN_13 4006381333931', null])).toBe('EAN_13 4006381333931');
  });

  it('gives no answer for a single read', () => {
    expect(rescuedText(['EAN_13 4006381333931'])).toBeNull();
    expect(rescuedText([null, 'QR_CODE https://example.org/a', null, null])).toBeNull();
    expect(rescuedText([])).toBeNull();
  });

  it('gives no answer when the variants disagree', () => {
    expect(rescuedText(['EAN_13 4006381333931', 'EAN_13 4006381333931', 'EAN_13 4006381333932'])).toBeNull();
    expect(rescuedText(['EAN_8 40063813', 'EAN_13 4006381333931'])).toBeNull();
  });

  it('compares long texts whole, not by their first 13 characters', () => {
    expect(rescuedText(['QR_CODE https://example.org/a', 'QR_CODE https://example.org/b'])).toBeNull();
  });
});
