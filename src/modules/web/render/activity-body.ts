/**
 * An activity's content as HTML, chosen by type and sub-type as the product's reader does
 * (reference §4.1): pages, markdown, embeds, hosted and external video, PDF; custom content
 * has no built-in renderer and SCORM is not supported, so both say so. Assignments are
 * rendered by the assignments panel, not here.
 */
import type { OutboundNetwork } from '../../../core/net/outbound-network.ts';
import { HOSTED_VIDEO, PDF_DOCUMENT } from '../../activities/media-activities.ts';
import { html, type SafeHtml } from '../html.ts';
import { activityFileUrl } from './content-urls.ts';
import { renderDynamicPage } from './dynamic-page.ts';
import { embedUrlFrame } from './embeds.ts';
import { renderMarkdownActivity } from './markdown.ts';
import { pdfViewer } from './media-nodes.ts';
import { type ContentRefs, createRenderContext, isObject, stringOf } from './render-context.ts';
import { externalVideo, hostedVideo, playbackOf } from './video.ts';

export interface RenderableActivity {
  name: string;
  activity_type: string;
  activity_sub_type: string;
  content: unknown;
  details: unknown;
}

function note(text: string): SafeHtml {
  return html`<p class="notice" role="note">${text}</p>`;
}

function videoActivity(activity: RenderableActivity, refs: ContentRefs): SafeHtml {
  const content = isObject(activity.content) ? activity.content : {};
  const playback = playbackOf(activity.details);
  if (activity.activity_sub_type === 'SUBTYPE_VIDEO_HOSTED') {
    const url = activityFileUrl(refs, HOSTED_VIDEO.folder, content.filename);
    return url ? hostedVideo(url, activity.name, playback) : note('This video has no file yet.');
  }
  return externalVideo(content.uri, activity.name, playback);
}

function documentActivity(activity: RenderableActivity, refs: ContentRefs): SafeHtml {
  if (activity.activity_sub_type !== 'SUBTYPE_DOCUMENT_PDF') {
    return note('This kind of document cannot be shown here.');
  }
  const filename = isObject(activity.content) ? stringOf(activity.content.filename) : '';
  const url = activityFileUrl(refs, PDF_DOCUMENT.folder, filename);
  return url ? pdfViewer(url, `${activity.name}.pdf`) : note('This document has no file yet.');
}

export async function renderActivityBody(
  network: OutboundNetwork,
  activity: RenderableActivity,
  refs: ContentRefs,
): Promise<SafeHtml> {
  switch (activity.activity_type) {
    case 'TYPE_DYNAMIC':
      if (activity.activity_sub_type === 'SUBTYPE_DYNAMIC_MARKDOWN') {
        return renderMarkdownActivity(network, activity.content);
      }
      if (activity.activity_sub_type === 'SUBTYPE_DYNAMIC_EMBED') {
        const url = isObject(activity.content) ? activity.content.embed_url : undefined;
        return embedUrlFrame(url, { title: activity.name, className: 'embed-activity' });
      }
      return renderDynamicPage(activity.content, createRenderContext(refs));
    case 'TYPE_VIDEO':
      return videoActivity(activity, refs);
    case 'TYPE_DOCUMENT':
      return documentActivity(activity, refs);
    case 'TYPE_SCORM':
      return note('SCORM packages are not supported, so this activity cannot be opened here.');
    default:
      return note(
        'This activity has custom content with no built-in view. Your course may open it elsewhere.',
      );
  }
}
