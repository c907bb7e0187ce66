/**
 * Colours authors pick for buttons, badges and flipcards, as class names from a fixed
 * palette in `content.css` (each meets AA contrast); an unknown colour gets the default.
 */
import { stringOf } from './render-context.ts';

const TONES = new Set(['blue', 'sky', 'green', 'red', 'orange', 'yellow', 'purple', 'pink', 'gray']);
const TONE_ALIASES: Record<string, string> = {
  grey: 'gray',
  violet: 'purple',
  amber: 'yellow',
  teal: 'green',
};

export function toneClass(color: unknown, fallback: string): string {
  const name = stringOf(color).toLowerCase();
  const tone = TONE_ALIASES[name] ?? name;
  return `tone-${TONES.has(tone) ? tone : fallback}`;
}
