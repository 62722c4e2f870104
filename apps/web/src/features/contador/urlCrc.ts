import { z } from 'zod';
import { param } from '../../ui/urlState';

/** The accountant parameters in the URL (§2: Back keeps CRC and classification). */
export const CRC_URL = {
  crc: param.text(10),
  classificacao: z.coerce.number().int().min(1).max(3).optional().catch(undefined),
};
