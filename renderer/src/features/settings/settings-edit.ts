/** The rules of an inline cell edit, kept pure so they are tested in Node. */
import type { z } from 'zod';
import { MESSAGES } from '#shared/messages';
import type { CellEdit, CellEditor } from './settings-resource';

export type EditPlan =
  /** Nothing to save: the cell just leaves edit mode, and no request is made. */
  { kind: 'unchanged' } | { kind: 'invalid'; message: string } | { kind: 'change'; body: unknown };

const DECIMAL = /^\d+(\.\d+)?$/;

/** The server trims names and reads "2.50" as 2.5, so neither is a change. */
function sameValue(editor: CellEditor, current: string, draft: string): boolean {
  const text = draft.trim();
  if (editor === 'decimal' && DECIMAL.test(text)) return Number(text) === Number(current);
  return text === current;
}

export function planEdit<Row>(
  edit: CellEdit<Row>,
  updateSchema: z.ZodType,
  row: Row,
  draft: string,
): EditPlan {
  if (sameValue(edit.editor, edit.current(row), draft)) return { kind: 'unchanged' };
  const parsed = updateSchema.safeParse(edit.body(row, draft));
  if (!parsed.success) {
    return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? MESSAGES.required };
  }
  return { kind: 'change', body: parsed.data };
}
