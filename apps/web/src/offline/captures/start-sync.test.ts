import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../../lib/api-client';
import { classify } from './start-sync';

describe('what the capture outbox does with a failed sync', () => {
  it('tries again after a busy server (503 over the connection cap), as after no connection', () => {
    expect(classify(new ApiError('Der Server ist gerade ausgelastet.', 503, 'SERVER_BUSY')).kind).toBe('retry');
    expect(classify(networkError()).kind).toBe('retry');
  });

  it('sets a refused request aside and waits for a login after a 401', () => {
    expect(classify(new ApiError('Die Anfrage ist ungültig', 400, 'BAD_REQUEST')).kind).toBe('refused');
    expect(classify(new ApiError('Sie sind nicht angemeldet', 401, 'NOT_AUTHENTICATED')).kind).toBe('signed-out');
  });
});
