import { expect, test } from '@playwright/test';
import { useKuraServer } from '../support/server';

const kura = useKuraServer();

test('health', async () => {
  const res = await kura.api('health');
  expect(res.status).toBe(200);
});
