import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@cadastro/domain';
import ptBr from './pt-br';
import en from './en';
import { readStored, storageKeys, writeStored } from '../ui/storage';

// Typed dates (dd/mm/aaaa) are read with the input's format; without this DateInput reads MM/DD.
dayjs.extend(customParseFormat);

export const LANGUAGE_NAMES: Record<string, string> = { 'pt-br': 'Português (Brasil)', en: 'English' };

const stored = readStored(storageKeys.locale);
const initial = stored && (LANGUAGES as readonly string[]).includes(stored) ? stored : DEFAULT_LANGUAGE;

void i18n.use(initReactI18next).init({
  resources: { 'pt-br': { translation: ptBr }, en: { translation: en } },
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(initial);

function applyDocumentLanguage(lang: string) {
  document.documentElement.lang = lang === 'en' ? 'en' : 'pt-BR';
  dayjs.locale(lang === 'en' ? 'en' : 'pt-br');
}

/** Switches the interface language and remembers it in the browser. */
export async function changeLanguage(lang: string) {
  if (!(LANGUAGES as readonly string[]).includes(lang)) return;
  writeStored(storageKeys.locale, lang, true);
  applyDocumentLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export default i18n;
