/** Page objects: the specs speak of screens, not selectors. */
import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(readonly page: Page) {}
  get email() {
    return this.page.getByLabel('Email');
  }
  get password() {
    return this.page.getByLabel('Password');
  }
  get submit() {
    return this.page.getByRole('button', { name: 'Sign in' });
  }
  get alert() {
    return this.page.getByRole('alert');
  }

  async goto(baseUrl: string) {
    await this.page.goto(`${baseUrl}/auth/login`);
    await expect(this.submit).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

export interface Registration {
  fullname: string;
  email: string;
  username: string;
  password: string;
}

export class RegistrationPage {
  constructor(readonly page: Page) {}
  get fullname() {
    return this.page.getByLabel('Full name');
  }
  get email() {
    return this.page.getByLabel('Email');
  }
  get username() {
    return this.page.getByLabel('User name');
  }
  get password() {
    return this.page.getByLabel('Password', { exact: true });
  }
  get confirm() {
    return this.page.getByLabel('Confirm password');
  }
  get terms() {
    return this.page.getByRole('checkbox');
  }
  get submit() {
    return this.page.getByRole('button', { name: 'Create account' });
  }

  async goto(baseUrl: string) {
    await this.page.goto(`${baseUrl}/auth/registration`);
    await expect(this.submit).toBeVisible();
  }

  async fill(r: Registration, confirm = r.password) {
    await this.fullname.fill(r.fullname);
    await this.email.fill(r.email);
    await this.username.fill(r.username);
    await this.password.fill(r.password);
    await this.confirm.fill(confirm);
  }
}

export class Shell {
  constructor(readonly page: Page) {}
  get menu() {
    return this.page.getByTestId('side-menu');
  }
  get userDropdown() {
    return this.page.getByTestId('user-dropdown');
  }
  get languageDropdown() {
    return this.page.getByTestId('language-dropdown');
  }

  /** The menu's link targets, in order. */
  async menuTargets(): Promise<string[]> {
    await expect(this.menu).toBeVisible();
    const hrefs = await this.menu
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    return hrefs;
  }

  async logout() {
    await this.userDropdown.click();
    await this.page.getByRole('menuitem', { name: /Logout|ログアウト/ }).click();
  }

  async chooseLanguage(label: 'English' | '日本語') {
    await this.languageDropdown.click();
    await this.page
      .getByRole('option', { name: label })
      .or(this.page.getByRole('menuitemradio', { name: label }))
      .or(this.page.getByRole('menuitem', { name: label }))
      .first()
      .click();
  }
}
