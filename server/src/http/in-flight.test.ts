import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight';

describe('InFlight', () => {
  it('is idle once every piece of work has ended, each ended once however often', async () => {
    const inFlight = new InFlight();
    expect(await inFlight.idle(0)).toBe(true);
    const first = inFlight.begin();
    const second = inFlight.begin();
    let idle = false;
    const waiting = inFlight.idle(1_000).then((ended) => (idle = ended));
    first();
    first();
    await Promise.resolve();
    expect(inFlight.count).toBe(1);
    expect(idle).toBe(false);
    second();
    await waiting;
    expect(idle).toBe(true);
  });

  it('gives up waiting after the timeout, saying so', async () => {
    const inFlight = new InFlight();
    const end = inFlight.begin();
    expect(await inFlight.idle(10)).toBe(false);
    end();
    expect(await inFlight.idle(10)).toBe(true);
  });

  it('counts a job until it settles, failed or not', async () => {
    const inFlight = new InFlight();
    let fail!: (err: Error) => void;
    const job = inFlight.run(() => new Promise((_resolve, reject) => (fail = reject)));
    expect(inFlight.count).toBe(1);
    fail(new Error('refresh failed'));
    await expect(job).rejects.toThrow('refresh failed');
    expect(inFlight.count).toBe(0);
  });
});
