/**
 * Other sites shown inside a page: an embed URL (rewritten to the host's embeddable form,
 * as the product does for Google, Figma, Loom, Canva and Miro) in a sandboxed iframe, or an
 * author's embed code reduced to the iframes it contains. Only https documents are framed
 * (the CSP allows nothing else); anything else becomes a plain link. The sandbox lets the
 * framed site run in its own origin; it can never reach ours.
 */
import sanitizeHtml from 'sanitize-html';
import { html, raw, type SafeHtml } from '../html.ts';
import { absoluteHttpUrl, httpsUrl } from './safe-url.ts';

const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-forms allow-presentation';
const EMBED_ALLOW =
  'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen';

const GOOGLE_DOC_KINDS = new Set(['document', 'spreadsheets', 'presentation']);

/** The embeddable address of a URL people usually paste (share links of common tools). */
export function embeddableUrl(url: URL): URL {
  const host = url.hostname.replace(/^www\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'docs.google.com' && parts[1] === 'd') {
    if (GOOGLE_DOC_KINDS.has(parts[0]) && parts[2]) {
      return new URL(`https://docs.google.com/${parts[0]}/d/${parts[2]}/preview`);
    }
    if (parts[0] === 'forms') {
      // Published forms have an extra `e/` segment: /forms/d/e/<id>/viewform.
      const id = parts[2] === 'e' ? `e/${parts[3] ?? ''}` : parts[2];
      if (id && !id.endsWith('/'))
        return new URL(`https://docs.google.com/forms/d/${id}/viewform?embedded=true`);
    }
  }
  if (host === 'figma.com' && parts[0] !== 'embed') {
    const embed = new URL('https://www.figma.com/embed');
    embed.searchParams.set('embed_host', 'learnbase');
    embed.searchParams.set('url', url.href);
    return embed;
  }
  if (host === 'loom.com' && parts[0] === 'share' && parts[1]) {
    return new URL(`https://www.loom.com/embed/${parts[1]}${url.search}`);
  }
  if (host === 'canva.com' && parts[0] === 'design' && !url.searchParams.has('embed')) {
    const embed = new URL(url.href);
    embed.searchParams.set('embed', '');
    return embed;
  }
  if (host === 'miro.com' && parts[0] === 'app' && parts[1] === 'board' && parts[2]) {
    return new URL(`https://miro.com/app/live-embed/${parts[2]}/`);
  }
  return url;
}

interface FrameOptions {
  title: string;
  /** Height in CSS pixels (an attribute, not a style); the width always follows the column. */
  height?: number;
  className?: string;
}

/**
 * Framed sites learn our origin (never the page path): some players, YouTube's among them,
 * refuse to play for an embedder they cannot identify.
 */
const FRAME_REFERRER_POLICY = 'strict-origin-when-cross-origin';

export function sandboxedFrame(src: URL, options: FrameOptions): SafeHtml {
  const height = clampHeight(options.height);
  return html`<iframe class="embed-frame${options.className ? ` ${options.className}` : ''}" src="${src.href}"
    title="${options.title}" sandbox="${EMBED_SANDBOX}" allow="${EMBED_ALLOW}" loading="lazy"
    referrerpolicy="${FRAME_REFERRER_POLICY}"${height ? html` height="${height}"` : ''}></iframe>`;
}

function clampHeight(height: number | undefined): number | undefined {
  if (height === undefined || !Number.isFinite(height)) return undefined;
  return Math.round(Math.min(Math.max(height, 80), 2000));
}

function externalLink(url: URL, label: string): SafeHtml {
  return html`<p class="embed-link"><a href="${url.href}" rel="noopener noreferrer">${label}</a> <span class="muted">(${url.hostname}, opens the page itself)</span></p>`;
}

/** An embed URL as a framed page, or a link when it cannot be framed here. */
export function embedUrlFrame(value: unknown, options: FrameOptions): SafeHtml {
  const url = absoluteHttpUrl(value);
  if (!url) return html`<p class="notice" role="note">This embed has no valid address.</p>`;
  const secure = httpsUrl(url.href);
  if (!secure) return externalLink(url, options.title);
  return html`<div class="embed">${sandboxedFrame(embeddableUrl(secure), options)}</div>`;
}

/**
 * An author's embed code. Whatever it contains, only iframes with an https `src` survive,
 * each forced into our sandbox; scripts, `srcdoc`, event handlers and styles are dropped, and
 * any text around them is kept as text.
 */
export function sanitizeEmbedCode(code: string, title: string): SafeHtml {
  const cleaned = sanitizeHtml(code, {
    allowedTags: ['iframe'],
    // Every attribute an iframe keeps is set by the transform below, none copied from the author.
    allowedAttributes: {
      iframe: ['src', 'title', 'height', 'class', 'sandbox', 'allow', 'loading', 'referrerpolicy'],
    },
    allowedSchemes: ['https'],
    allowedSchemesAppliedToAttributes: ['src'],
    allowProtocolRelative: false,
    transformTags: {
      iframe: (_tag, attribs) => {
        const src = httpsUrl(attribs.src);
        const height = clampHeight(Number(attribs.height) || undefined);
        return {
          tagName: 'iframe',
          attribs: {
            ...(src ? { src: embeddableUrl(src).href } : {}),
            ...(height ? { height: String(height) } : {}),
            title: attribs.title || title,
            class: 'embed-frame',
            sandbox: EMBED_SANDBOX,
            allow: EMBED_ALLOW,
            loading: 'lazy',
            referrerpolicy: FRAME_REFERRER_POLICY,
          },
        };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
  });
  return html`<div class="embed embed-code">${raw(cleaned)}</div>`;
}
