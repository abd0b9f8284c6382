import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../server/src/demo/seed';
import { MESSAGES } from '#shared/messages';
import { Shell } from '../support/pages';
import { MemoBoard } from '../support/memo.pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });
// Every page starts signed in as the admin; signing in is session.spec's subject.
test.use(kura.signedIn('admin'));
const artifacts = path.resolve(import.meta.dirname, '../../artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });

test('memo board: write, search, edit, delete with confirmation', async ({ page }) => {
  await page.goto(`${kura.url}/`);
  await expect(page).toHaveURL(/\/shipping-management$/);
  await new Shell(page).menu.getByRole('link', { name: 'Memo' }).click();
  await expect(page).toHaveURL(/\/memo$/);
  const board = new MemoBoard(page);
  await expect(page.getByText('No memos yet')).toBeVisible();

  // A memo needs a title; the dialog keeps what was typed.
  await board.newMemo.click();
  await board.bodyField.fill('Pack the Arita cups in double bubble wrap.');
  await board.save.click();
  await expect(board.editor.getByText(MESSAGES.enterName)).toBeVisible();
  await expect(board.bodyField).toHaveValue('Pack the Arita cups in double bubble wrap.');
  await board.titleField.fill('Packing fragile goods');
  await board.save.click();
  await expect(page.getByText('Memo Packing fragile goods saved').first()).toBeVisible();
  await expect(board.editor).toBeHidden();
  const card = board.card('Packing fragile goods');
  await expect(card).toContainText('Pack the Arita cups in double bubble wrap.');
  await expect(card).toContainText(DEMO_ACCOUNTS.admin.fullname);

  await board.newMemo.click();
  await board.titleField.fill('Customs contact in Chennai');
  await board.bodyField.fill('Call before 11:00 IST on weekdays.');
  await board.save.click();
  await expect(board.card('Customs contact in Chennai')).toBeVisible();

  // Search finds text in the body as well as the title.
  await board.search.fill('bubble');
  await expect(board.card('Customs contact in Chennai')).toBeHidden();
  await expect(board.card('Packing fragile goods')).toBeVisible();
  await board.search.fill('nothing like this');
  await expect(page.getByText('No memos match your search')).toBeVisible();
  await board.search.fill('');
  await expect(board.card('Customs contact in Chennai')).toBeVisible();

  await board.openActions('Customs contact in Chennai', /^Edit$/);
  await expect(board.titleField).toHaveValue('Customs contact in Chennai');
  await board.bodyField.fill('Call before 11:00 IST on weekdays; ask for the night desk otherwise.');
  await board.save.click();
  await expect(page.getByText('Memo Customs contact in Chennai updated').first()).toBeVisible();
  await expect(board.card('Customs contact in Chennai')).toContainText('ask for the night desk');
  await shot(page, 'memo-en');

  // Cancelling the confirmation deletes nothing; confirming does.
  await board.openActions('Packing fragile goods', /^Delete$/);
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Packing fragile goods will be deleted for the whole team');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(board.card('Packing fragile goods')).toBeVisible();
  await board.openActions('Packing fragile goods', /^Delete$/);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Memo Packing fragile goods deleted').first()).toBeVisible();
  await expect(board.card('Packing fragile goods')).toHaveCount(0);
  await expect(board.card('Customs contact in Chennai')).toBeVisible();
});

test.describe(() => {
  test.use(kura.signedIn('admin', { language: 'ja' }));

  test('memo board in Japanese', async ({ page }) => {
    const board = new MemoBoard(page);
    await board.goto(kura.url);
    await board.newMemo.click();
    await board.save.click();
    await expect(board.editor.getByText('名前を入力してください')).toBeVisible();
    await board.titleField.fill('年末の出荷スケジュール');
    await board.bodyField.fill('12月26日以降の注文は1月6日に発送します。');
    await board.save.click();
    await expect(page.getByText('メモ「年末の出荷スケジュール」を保存しました').first()).toBeVisible();
    await expect(board.card('年末の出荷スケジュール')).toContainText('1月6日に発送');
    await shot(page, 'memo-ja');
  });
});
