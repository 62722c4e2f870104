import { z } from 'zod';

/** A message kept by the built-in SMTP sink. */
export const SinkMail = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  mailFrom: z.string().nullable(),
  mailTo: z.string(),
  subject: z.string().nullable(),
  textBody: z.string().nullable(),
});
export type SinkMail = z.infer<typeof SinkMail>;
