import type { Locator } from '@playwright/test';

/**
 * The WCAG contrast ratio of an element's text against its own background (a translucent one laid over
 * white, as a table's cells are): axe passes over some badges it cannot judge, this reads the colours as drawn.
 */
export async function contrasteDoTexto(alvo: Locator): Promise<number> {
  return alvo.evaluate((e) => {
    const rgba = (v: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (v.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const s = getComputedStyle(e);
    const fundo = rgba(s.backgroundColor);
    const sobreBranco = (c: number) => 255 * (1 - fundo.a) + c * fundo.a;
    const lum = (r: number, g: number, b: number) => {
      const f = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const texto = rgba(s.color);
    const a = lum(texto.r, texto.g, texto.b);
    const b = lum(sobreBranco(fundo.r), sobreBranco(fundo.g), sobreBranco(fundo.b));
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}
