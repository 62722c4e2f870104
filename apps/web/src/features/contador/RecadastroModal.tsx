import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCep, Recadastro, separarTelefone, type CrcClassificacao, type DadosRecadastro } from '@cadastro/domain';
import { useAlerts } from '../../ui/alerts';
import { mensagemContador, salvarRecadastro, useMunicipios, useUfs } from './api';

interface Props {
  crc: CrcClassificacao;
  email: string | null;
  /** The starting values the server gives (the last re-registration, else the registry's data of the person). */
  inicial?: DadosRecadastro;
  onCancel(): void;
  onSaved(): void;
}

const VAZIO = { enderecoEletronico: '', ddd: '', numeroTelefone: '', logradouro: '', numero: '', complemento: '', bairro: '', cep: '', uf: 'AL', municipio: '' };
type Campos = typeof VAZIO;
/** The field codes of the contract, worded as §8 says. */
const TEXTO: Record<string, string> = {
  emailObrigatorio: 'contador.recadastro.emailObrigatorio',
  emailInvalido: 'contador.recadastro.emailInvalido',
  telefoneObrigatorio: 'contador.recadastro.telefoneObrigatorio',
};

/** §2 the required 'Recadastro - Contabilista' modal (once per accountant). */
export function RecadastroModal({ crc, email, inicial, onCancel, onSaved }: Props) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [v, setV] = useState<Campos>(() => ({
    ...VAZIO, enderecoEletronico: email ?? '',
    ...(inicial && { enderecoEletronico: inicial.enderecoEletronico || (email ?? ''), ddd: inicial.ddd, numeroTelefone: inicial.numeroTelefone, ...inicial.endereco, cep: formatCep(inicial.endereco.cep), uf: inicial.endereco.uf || 'AL' }),
  }));
  const [erros, setErros] = useState<Record<string, string>>({});
  const [faltam, setFaltam] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [salvando, setSalvando] = useState(false);
  const ufs = useUfs();
  const municipios = useMunicipios(v.uf);
  const campo = (k: keyof Campos) => ({
    value: v[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [k]: e.currentTarget.value }),
    error: erros[k],
  });

  const salvar = async () => {
    // §2: a phone with more than 9 digits carries the DDD; show it split before saving.
    const tel = separarTelefone(v.ddd, v.numeroTelefone);
    const proximo = { ...v, ...tel };
    setV(proximo);
    const { enderecoEletronico, ddd, numeroTelefone, ...endereco } = proximo;
    const r = Recadastro.safeParse({ ...crc, enderecoEletronico, ddd, numeroTelefone, endereco });
    if (!r.success) {
      const e: Record<string, string> = {};
      let falta = false;
      for (const i of r.error.issues) {
        const k = String(i.path[i.path.length - 1]);
        if (i.message === 'required' || (i.message.startsWith('minlength') && k !== 'enderecoEletronico')) falta = true;
        e[k] ??= TEXTO[i.message] ? t(TEXTO[i.message]!) : i.message === 'required' ? t('validation.required') : t('contador.recadastro.invalido');
      }
      setErros(e);
      setFaltam(falta);
      return;
    }
    setErros({});
    setFaltam(false);
    setSalvando(true);
    try {
      await salvarRecadastro(r.data);
      alerts.show('success', t('contador.recadastro.sucesso'));
      onSaved();
    } catch (e) {
      setErro(mensagemContador(e, t, 'contador.recadastro.erro'));
    } finally {
      setSalvando(false);
    }
  };
  return (
    <Modal opened onClose={onCancel} title={t('contador.recadastro.title')} size="lg" closeOnClickOutside={false}>
      <form onSubmit={(e) => { e.preventDefault(); void salvar(); }} noValidate>
        {faltam && <Alert color="yellow" role="alert" mb="sm">{t('contador.recadastro.obrigatorios')}</Alert>}
        {erro && <Alert color="red" role="alert" mb="sm">{erro}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('contador.recadastro.email')} withAsterisk type="email" maxLength={100} data-autofocus {...campo('enderecoEletronico')} />
          <TextInput label={t('contador.recadastro.ddd')} withAsterisk maxLength={2} inputMode="numeric" {...campo('ddd')} />
          <TextInput label={t('contador.recadastro.telefone')} withAsterisk maxLength={14} inputMode="numeric" {...campo('numeroTelefone')} />
          <TextInput label={t('contador.recadastro.logradouro')} withAsterisk maxLength={100} {...campo('logradouro')} />
          <TextInput label={t('contador.recadastro.numero')} withAsterisk maxLength={10} {...campo('numero')} />
          <TextInput label={t('contador.recadastro.complemento')} maxLength={60} {...campo('complemento')} />
          <TextInput label={t('contador.recadastro.bairro')} withAsterisk maxLength={60} {...campo('bairro')} />
          <TextInput label={t('contador.recadastro.cep')} withAsterisk maxLength={9} inputMode="numeric" {...campo('cep')} />
          <Select
            label={t('contador.recadastro.uf')}
            withAsterisk
            searchable
            data={(ufs.data ?? []).map((u) => ({ value: u.id, label: `${u.id} - ${u.descricao}` }))}
            value={v.uf}
            onChange={(uf) => setV({ ...v, uf: uf ?? '', municipio: uf === v.uf ? v.municipio : '' })}
            allowDeselect={false}
            error={erros.uf}
          />
          <Select
            label={t('contador.recadastro.municipio')}
            withAsterisk
            searchable
            data={(municipios.data ?? []).map((m) => m.descricao)}
            value={v.municipio || null}
            onChange={(m) => setV({ ...v, municipio: m ?? '' })}
            // Pre-filled now: choosing the município already shown must keep it, not clear it (Mantine's deselect).
            allowDeselect={false}
            error={erros.municipio}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onCancel}>{t('contador.recadastro.cancelar')}</Button>
          <Button type="submit" loading={salvando}>{t('contador.recadastro.salvar')}</Button>
        </Group>
      </form>
    </Modal>
  );
}
