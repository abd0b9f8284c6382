import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { shouldRetry } from './query-client';

describe('query retry', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(shouldRetry(0, new ApiError(status, 'no'))).toBe(false);
    }
  });

  it('retries a network failure or a server error once', () => {
    expect(shouldRetry(0, new ApiError(0, 'network'))).toBe(true);
    expect(shouldRetry(0, new ApiError(503, 'down'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'down'))).toBe(false);
    expect(shouldRetry(0, new Error('boom'))).toBe(true);
  });
});
