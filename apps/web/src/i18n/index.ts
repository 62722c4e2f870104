import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@cadastro/domain';
import ptBr, { type Messages } from './pt-br';
import { readStored, storageKeys, writeStored } from '../ui/storage';

// Typed dates (dd/mm/aaaa) are read with the input's format; without this DateInput reads MM/DD.
dayjs.extend(customParseFormat);

export const LANGUAGE_NAMES: Record<string, string> = { 'pt-br': 'Português (Brasil)', en: 'English' };

const stored = readStored(storageKeys.locale);
const initial = stored && (LANGUAGES as readonly string[]).includes(stored) ? stored : DEFAULT_LANGUAGE;

/**
 * pt-BR ships with the first page; other catalogues are fetched when a language is chosen, so most
 * sessions never load them (first-load budget, apps/web/build/bundleBudget.ts).
 */
const LAZY_CATALOGUES: Record<string, () => Promise<{ default: Messages }>> = { en: () => import('./en') };

async function loadCatalogue(lang: string) {
  const load = LAZY_CATALOGUES[lang];
  if (!load || i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', (await load()).default);
}

/** Resolves once the starting language's texts are in: main.tsx renders after it (no pt-BR flash). */
export const i18nReady: Promise<void> = (async () => {
  await i18n.use(initReactI18next).init({
    resources: { 'pt-br': { translation: ptBr } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    lowerCaseLng: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(initial);
  if (initial === DEFAULT_LANGUAGE) return;
  // A catalogue that cannot be fetched leaves the default language, never a blank page.
  await loadCatalogue(initial).then(() => i18n.changeLanguage(initial), () => applyDocumentLanguage(DEFAULT_LANGUAGE));
})();

function applyDocumentLanguage(lang: string) {
  document.documentElement.lang = lang === 'en' ? 'en' : 'pt-BR';
  dayjs.locale(lang === 'en' ? 'en' : 'pt-br');
}

/** Switches the interface language and remembers it in the browser. */
export async function changeLanguage(lang: string) {
  if (!(LANGUAGES as readonly string[]).includes(lang)) return;
  try {
    await loadCatalogue(lang);
  } catch {
    return; // the catalogue could not be fetched (offline, a new deploy): keep the current language
  }
  writeStored(storageKeys.locale, lang, true);
  applyDocumentLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export default i18n;
