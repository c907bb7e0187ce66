/**
 * Video players: our hosted files in a native `<video>` (start and end as a media
 * fragment), and external videos from YouTube (privacy-enhanced host) or Vimeo built from a
 * validated video id, never from the author's URL as given. The `details` options
 * (spec §2.3: startTime, endTime, autoplay, muted) apply to every kind.
 */
import { html, type SafeHtml } from '../html.ts';
import { sandboxedFrame } from './embeds.ts';
import { isObject, numberOf } from './render-context.ts';
import { absoluteHttpUrl } from './safe-url.ts';

export interface Playback {
  startTime?: number;
  endTime?: number;
  autoplay: boolean;
  muted: boolean;
}

export function playbackOf(details: unknown): Playback {
  const source = isObject(details) ? details : {};
  const seconds = (value: unknown) => {
    const number = numberOf(value);
    return number !== undefined && number >= 0 ? Math.floor(number) : undefined;
  };
  const startTime = seconds(source.startTime);
  const endTime = seconds(source.endTime);
  return {
    startTime: startTime || undefined,
    endTime: endTime !== undefined && endTime > (startTime ?? 0) ? endTime : undefined,
    autoplay: source.autoplay === true,
    muted: source.muted === true,
  };
}

/** `#t=start,end` (W3C media fragments): the browser seeks and stops by itself. */
function mediaFragment({ startTime, endTime }: Playback): string {
  if (startTime === undefined && endTime === undefined) return '';
  return `#t=${startTime ?? 0}${endTime !== undefined ? `,${endTime}` : ''}`;
}

export function hostedVideo(url: string, title: string, playback: Playback): SafeHtml {
  return html`<figure class="media media-video">
    <video controls playsinline preload="metadata" src="${url + mediaFragment(playback)}"${playback.autoplay ? html` autoplay` : ''}${playback.muted ? html` muted` : ''} aria-label="${title}">
      <a href="${url}">Download the video</a>
    </video>
  </figure>`;
}

type ExternalSource = { provider: 'youtube'; id: string } | { provider: 'vimeo'; id: string; hash?: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_PATH_PREFIXES = new Set(['embed', 'shorts', 'live', 'v']);

/** Recognizes YouTube and Vimeo addresses; anything else is not a video we can play. */
export function externalVideoSource(uri: unknown): ExternalSource | undefined {
  const url = absoluteHttpUrl(uri);
  if (!url) return undefined;
  const host = url.hostname.replace(/^(www|m)\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let youtubeId: string | null | undefined;
  if (host === 'youtu.be') youtubeId = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtubeId =
      parts[0] === 'watch'
        ? url.searchParams.get('v')
        : YOUTUBE_PATH_PREFIXES.has(parts[0])
          ? parts[1]
          : undefined;
  }
  if (youtubeId && YOUTUBE_ID.test(youtubeId)) return { provider: 'youtube', id: youtubeId };
  const vimeoParts =
    host === 'player.vimeo.com' && parts[0] === 'video' ? parts.slice(1) : host === 'vimeo.com' ? parts : [];
  if (vimeoParts[0] && /^\d{1,15}$/.test(vimeoParts[0])) {
    const hash = vimeoParts[1] ?? url.searchParams.get('h') ?? undefined;
    return {
      provider: 'vimeo',
      id: vimeoParts[0],
      hash: hash && /^[0-9a-f]{6,32}$/i.test(hash) ? hash : undefined,
    };
  }
  return undefined;
}

export function externalPlayerUrl(source: ExternalSource, playback: Playback): URL {
  if (source.provider === 'youtube') {
    const url = new URL(`https://www.youtube-nocookie.com/embed/${source.id}`);
    if (playback.startTime !== undefined) url.searchParams.set('start', String(playback.startTime));
    if (playback.endTime !== undefined) url.searchParams.set('end', String(playback.endTime));
    if (playback.autoplay) url.searchParams.set('autoplay', '1');
    if (playback.muted) url.searchParams.set('mute', '1');
    url.searchParams.set('rel', '0');
    return url;
  }
  const url = new URL(`https://player.vimeo.com/video/${source.id}`);
  if (source.hash) url.searchParams.set('h', source.hash);
  if (playback.autoplay) url.searchParams.set('autoplay', '1');
  if (playback.muted) url.searchParams.set('muted', '1');
  // Vimeo's player takes a start time in the fragment and has no end parameter.
  if (playback.startTime !== undefined) url.hash = `t=${playback.startTime}s`;
  return url;
}

export function externalVideo(uri: unknown, title: string, playback: Playback): SafeHtml {
  const source = externalVideoSource(uri);
  if (!source) {
    return html`<p class="notice" role="note">This video's address is not a YouTube or Vimeo link, so it cannot be played here.</p>`;
  }
  return html`<div class="media media-video video-frame">${sandboxedFrame(
    externalPlayerUrl(source, playback),
    {
      title: `${title} (${source.provider === 'youtube' ? 'YouTube' : 'Vimeo'} video)`,
      className: 'video-player',
    },
  )}</div>`;
}
