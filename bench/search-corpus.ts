/**
 * Deterministic text for the search benchmark: a vocabulary of 3,000 invented words
 * (some accented, so folding is exercised) drawn uniformly into names of 2–4 words and
 * descriptions of 8–16 words, and two-word queries taken from real names (the first
 * word whole, the second as a 3–5 letter prefix) so that queries find something.
 */

/** mulberry32: a small seeded generator, so every run indexes the same text. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CONSONANTS = ['b', 'c', 'd', 'f', 'g', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'ch', 'tr', 'pl'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ou', 'ai'];
const ACCENTED: Record<string, string> = { e: 'é', a: 'à', o: 'ô', i: 'ï', u: 'ü' };

export class Corpus {
  readonly words: string[];
  private readonly random: () => number;

  constructor(seed = 20261122, size = 3000) {
    this.random = seededRandom(seed);
    const words = new Set<string>();
    while (words.size < size) words.add(this.inventWord());
    this.words = [...words];
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)];
  }

  private inventWord(): string {
    const syllables = 2 + Math.floor(this.random() * 3);
    let word = '';
    for (let i = 0; i < syllables; i++) {
      const vowel = this.pick(VOWELS);
      const accent = this.random() < 0.08 ? ACCENTED[vowel] : undefined;
      word += this.pick(CONSONANTS) + (accent ?? vowel);
    }
    return word;
  }

  text(minWords: number, maxWords: number): string {
    const count = minWords + Math.floor(this.random() * (maxWords - minWords + 1));
    return Array.from({ length: count }, () => this.pick(this.words)).join(' ');
  }

  /** A capitalised name of 2–4 words. */
  name(): string {
    const text = this.text(2, 4);
    return text[0].toUpperCase() + text.slice(1);
  }

  description(): string {
    return this.text(8, 16);
  }

  chance(probability: number): boolean {
    return this.random() < probability;
  }

  integer(below: number): number {
    return Math.floor(this.random() * below);
  }

  /** Two words of `name`: the first whole, the second cut to a 3–5 letter prefix. */
  twoWordQuery(name: string): string {
    const [first, second = this.pick(this.words)] = name.toLowerCase().split(' ');
    const prefix = [...second].slice(0, 3 + this.integer(3)).join('');
    return `${first} ${prefix}`;
  }
}
