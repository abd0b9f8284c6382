import { describe, expect, it, vi } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UTF8_BOM, saveCsv } from '../src/services/csv-export';

describe('CSV export', () => {
  it('writes nothing when the dialog is cancelled', async () => {
    const write = vi.fn(async () => {});
    const result = await saveCsv(
      { defaultName: 'sales-management.csv', content: 'a,b\n' },
      { showSaveDialog: async () => ({ canceled: true }), writeFile: write },
    );
    expect(result).toEqual({ saved: false });
    expect(write).not.toHaveBeenCalled();
  });

  it('writes UTF-8 with a BOM to the path the user chose, so Excel shows Japanese', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kura-csv-'));
    try {
      const chosen = path.join(dir, 'chosen.csv');
      const content = 'date,product\n2026-11-01,抹茶 100g\n';
      const result = await saveCsv(
        { defaultName: 'sales-management.csv', content },
        { showSaveDialog: async () => ({ canceled: false, filePath: chosen }), writeFile },
      );
      expect(result).toEqual({ saved: true, path: chosen });
      const bytes = await readFile(chosen);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.subarray(3).toString('utf8')).toBe(content);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('does not add a second BOM', async () => {
    const write = vi.fn(async () => {});
    await saveCsv(
      { defaultName: 'x.csv', content: `${UTF8_BOM}a\n` },
      { showSaveDialog: async () => ({ canceled: false, filePath: '/tmp/x.csv' }), writeFile: write },
    );
    expect(write).toHaveBeenCalledWith('/tmp/x.csv', `${UTF8_BOM}a\n`, 'utf8');
  });

  it.each([
    ['../../etc/passwd', 'passwd.csv'],
    ['..\\..\\Windows\\win.ini', 'win.ini.csv'],
    ['/etc/cron.d/evil.csv', 'evil.csv'],
    ['sales-management', 'sales-management.csv'],
    ['Sales.CSV', 'Sales.CSV'],
  ])('only suggests a bare file name for %s, in the default folder', async (defaultName, suggested) => {
    const showSaveDialog = vi.fn(async () => ({ canceled: true }));
    await saveCsv(
      { defaultName, content: '' },
      { showSaveDialog, writeFile: vi.fn(), defaultDir: '/home/u/Downloads' },
    );
    expect(showSaveDialog).toHaveBeenCalledWith({
      defaultPath: path.join('/home/u/Downloads', suggested),
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
  });

  it('treats a dialog without a path as cancelled', async () => {
    const write = vi.fn(async () => {});
    const result = await saveCsv(
      { defaultName: 'x.csv', content: 'a' },
      { showSaveDialog: async () => ({ canceled: false, filePath: '' }), writeFile: write },
    );
    expect(result).toEqual({ saved: false });
    expect(write).not.toHaveBeenCalled();
  });
});
