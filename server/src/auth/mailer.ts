/**
 * How password-reset links reach people: by SMTP when SMTP_URL is set, otherwise in the
 * server log (a local or demo install has no mail server; the operator reads the link there).
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface ResetMail {
  to: { email: string; fullname: string };
  link: string;
}

export interface Mailer {
  sendPasswordReset(mail: ResetMail): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from = 'Kura <no-reply@kura.local>'): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendPasswordReset({ to, link }) {
      await transport.sendMail({
        from,
        to: { name: to.fullname, address: to.email },
        subject: 'Reset your Kura password',
        text: `Hello ${to.fullname},\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
      });
    },
  };
}

export function createLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    async sendPasswordReset({ to, link }) {
      log.info({ email: to.email, resetLink: link }, 'password reset link (SMTP_URL is not set)');
    },
  };
}
