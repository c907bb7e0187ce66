/**
 * The page's media nodes (spec §2.4): image, video, PDF and audio, each naming its uploaded
 * block. Size and alignment become a `width` attribute and classes (the CSP allows no
 * inline style). A block whose file cannot be addressed shows a neutral note.
 */
import { html, type SafeHtml } from '../html.ts';
import { blockFile } from './content-urls.ts';
import { isObject, type Json, numberOf, type RenderContext, stringOf } from './render-context.ts';
import { hostedVideo, playbackOf } from './video.ts';

const ALIGNMENTS = new Set(['left', 'center', 'right']);

function unavailable(what: string): SafeHtml {
  return html`<p class="notice" role="note">This ${what} is not available.</p>`;
}

export function alignmentClass(value: unknown, fallback = 'center'): string {
  const alignment = stringOf(value);
  return `align-${ALIGNMENTS.has(alignment) ? alignment : fallback}`;
}

/** Author's alt text when given; otherwise the uploaded file's name, the best description we have. */
function altText(attrs: Json, fileName: string): string {
  const given = stringOf(attrs.alt) || stringOf(attrs.caption) || stringOf(attrs.title);
  return given || fileName.replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ');
}

function imageWidth(size: unknown): number | undefined {
  const width = isObject(size) ? numberOf(size.width) : undefined;
  return width !== undefined && width > 0 ? Math.round(Math.min(Math.max(width, 16), 4000)) : undefined;
}

export function blockImage(attrs: Json, context: RenderContext): SafeHtml {
  const file = blockFile(context.refs, attrs.blockObject);
  if (!file) return unavailable('image');
  const width = imageWidth(attrs.size);
  const caption = stringOf(attrs.caption);
  return html`<figure class="media media-image ${alignmentClass(attrs.alignment)}">
    <img src="${file.url}" alt="${altText(attrs, file.fileName)}"${width ? html` width="${width}"` : ''} loading="lazy">
    ${caption ? html`<figcaption>${caption}</figcaption>` : ''}
  </figure>`;
}

export function blockVideo(attrs: Json, context: RenderContext): SafeHtml {
  const file = blockFile(context.refs, attrs.blockObject);
  if (!file) return unavailable('video');
  // Playback options may sit on the node or in a `details` object, as on video activities.
  const playback = playbackOf(attrs.details ?? attrs);
  return hostedVideo(file.url, `Video: ${file.fileName}`, playback);
}

export function pdfViewer(url: string, fileName: string): SafeHtml {
  return html`<figure class="media media-pdf">
    <iframe class="pdf-frame" src="${url}" title="PDF document: ${fileName}" loading="lazy"></iframe>
    <figcaption><a href="${url}" download="${fileName}">Download ${fileName}</a></figcaption>
  </figure>`;
}

export function blockPdf(attrs: Json, context: RenderContext): SafeHtml {
  const file = blockFile(context.refs, attrs.blockObject);
  return file ? pdfViewer(file.url, file.fileName) : unavailable('document');
}

export function blockAudio(attrs: Json, context: RenderContext): SafeHtml {
  const file = blockFile(context.refs, attrs.blockObject);
  if (!file) return unavailable('audio');
  return html`<figure class="media media-audio">
    <audio controls preload="metadata" src="${file.url}" aria-label="Audio: ${file.fileName}">
      <a href="${file.url}">Download the audio</a>
    </audio>
    <figcaption>${file.fileName}</figcaption>
  </figure>`;
}

const LEGACY_BLOCK_RENDERERS: Record<string, (attrs: Json, context: RenderContext) => SafeHtml> = {
  BLOCK_IMAGE: blockImage,
  BLOCK_VIDEO: blockVideo,
  BLOCK_DOCUMENT_PDF: blockPdf,
  BLOCK_AUDIO: blockAudio,
};

/** One entry of the legacy page shape `{blocks: [...]}`: a media block by its type. */
export function legacyBlock(block: Json, context: RenderContext): SafeHtml {
  const render = LEGACY_BLOCK_RENDERERS[stringOf(block.block_type)];
  return render ? render({ blockObject: block }, context) : unavailable('block');
}
