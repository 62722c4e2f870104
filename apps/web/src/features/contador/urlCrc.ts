import { z } from 'zod';
import { param } from '../../ui/urlState';

/** The accountant parameters in the URL (§2: Back keeps CRC and classification). */
export const CRC_URL = {
  crc: param.text(10),
  classificacao: z.coerce.number().int().min(1).max(3).optional().catch(undefined),
};

/** The statements list's page and filter, in the URL too (Back and reload keep them). */
export const LISTA_URL = { page: param.page(), filtro: param.text(100) };
