/** Outgoing mail port: nodemailer to SMTP_URL, or to the built-in sink when unset. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailPort {
  send(msg: MailMessage): Promise<void>;
  /** 'sink' (built-in) or 'smtp' (remote), and where it points — for health pages. */
  readonly kind: 'sink' | 'smtp';
  readonly target: string;
  /** Checks the SMTP server answers (health). */
  verify(): Promise<boolean>;
  close(): Promise<void>;
}
