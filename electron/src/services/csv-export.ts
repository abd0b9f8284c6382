/**
 * Saves a CSV the renderer built. The destination comes only from the native save dialog
 * the user answered: the renderer suggests a file name, never a path.
 */
import path from 'node:path';

export interface SaveDialogResult {
  canceled: boolean;
  filePath?: string;
}
export interface CsvExportDeps {
  showSaveDialog(options: {
    defaultPath: string;
    filters: { name: string; extensions: string[] }[];
  }): Promise<SaveDialogResult>;
  writeFile(file: string, data: string, encoding: 'utf8'): Promise<void>;
  /** Folder the dialog opens in (Downloads in the app). */
  defaultDir?: string;
}

/** Excel reads a CSV as the local ANSI code page unless it starts with a UTF-8 byte order mark. */
export const UTF8_BOM = '\uFEFF';

export async function saveCsv(
  { defaultName, content }: { defaultName: string; content: string },
  { showSaveDialog, writeFile, defaultDir }: CsvExportDeps,
): Promise<{ saved: boolean; path?: string }> {
  // basename again here: the schema already refuses separators, but this module must be
  // safe on its own.
  let name = path.basename(defaultName.replace(/\\/g, '/')) || 'export.csv';
  if (!name.toLowerCase().endsWith('.csv')) name = `${name}.csv`;
  const result = await showSaveDialog({
    defaultPath: defaultDir ? path.join(defaultDir, name) : name,
    filters: [{ name: 'CSV', extensions: ['csv'] }],
  });
  if (result.canceled || !result.filePath) return { saved: false };
  const data = content.startsWith(UTF8_BOM) ? content : UTF8_BOM + content;
  await writeFile(result.filePath, data, 'utf8');
  return { saved: true, path: result.filePath };
}
