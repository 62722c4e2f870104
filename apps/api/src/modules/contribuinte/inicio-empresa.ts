import { sql, type SQL } from 'drizzle-orm';

/**
 * The company's first start (the earliest activity start of the head office's registrations and
 * its branches'), against which event, legal and partner dates are judged. One definition for the
 * detail screen (so the SPA judges as the server will) and the save. Two indexed reads
 * (contribuinte_pessoa_idx, pessoa_raiz_idx) joined by UNION ALL: an OR with an IN-subquery let
 * the planner scan contribuinte.
 * @param raiz SQL for the head office's numero_pessoa.
 */
export const inicioEmpresaSql = (raiz: SQL) => sql`(select min(i)::text from (
    select cx.data_inicio_atividade i from contribuinte cx where cx.numero_pessoa = ${raiz}
    union all select cx.data_inicio_atividade from pessoa px join contribuinte cx on cx.numero_pessoa = px.numero_pessoa
    where px.numero_pessoa_raiz = ${raiz}) e)`;
