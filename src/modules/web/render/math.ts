/**
 * LaTeX equations rendered on the server by KaTeX as MathML only: browsers draw MathML
 * natively, so no KaTeX stylesheet, font or script is needed and nothing carries an inline
 * style. `trust` stays off (no `\href`, `\htmlStyle`…) and KaTeX's expansion limits apply.
 * An equation that does not parse is shown as a readable note with its source.
 */
import katex from 'katex';
import { html, raw, type SafeHtml } from '../html.ts';

const MAX_EQUATION_CHARS = 10_000;

export function mathEquation(latex: string, displayMode = true): SafeHtml {
  const source = latex.trim();
  if (source === '') return html``;
  if (source.length > MAX_EQUATION_CHARS) return mathError(source, 'The equation is too long to show.');
  try {
    const markup = katex.renderToString(source, {
      output: 'mathml',
      displayMode,
      throwOnError: true,
      trust: false,
      strict: 'ignore',
    });
    return html`<div class="math">${raw(markup)}</div>`;
  } catch (error) {
    const message = error instanceof katex.ParseError ? error.message : 'The equation could not be read.';
    return mathError(source, message);
  }
}

function mathError(source: string, message: string): SafeHtml {
  return html`<div class="math math-error" role="note">
    <p>This equation could not be shown: ${message}</p>
    <pre><code>${source}</code></pre>
  </div>`;
}
