import { describe, expect, it } from 'vitest';
import { embeddableUrl, embedUrlFrame } from './embeds.ts';
import { externalPlayerUrl, externalVideo, externalVideoSource, hostedVideo, playbackOf } from './video.ts';

describe('external video addresses', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=4', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads the YouTube id of %s', (uri, id) => {
    expect(externalVideoSource(uri)).toEqual({ provider: 'youtube', id });
  });

  it('reads Vimeo ids, with the private-link hash when there is one', () => {
    expect(externalVideoSource('https://vimeo.com/76979871')).toEqual({
      provider: 'vimeo',
      id: '76979871',
      hash: undefined,
    });
    expect(externalVideoSource('https://vimeo.com/76979871/a1b2c3d4e5')).toEqual({
      provider: 'vimeo',
      id: '76979871',
      hash: 'a1b2c3d4e5',
    });
    expect(externalVideoSource('https://player.vimeo.com/video/76979871')).toMatchObject({
      provider: 'vimeo',
      id: '76979871',
    });
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://evil.example.test/watch?v=dQw4w9WgXcQ',
    'https://vimeo.com/channels/staffpicks',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (uri) => {
    expect(externalVideoSource(uri)).toBeUndefined();
  });

  it('builds the privacy-enhanced YouTube player with start, end, autoplay and mute', () => {
    const playback = playbackOf({ startTime: 10, endTime: 65.5, autoplay: true, muted: true });
    expect(externalPlayerUrl({ provider: 'youtube', id: 'dQw4w9WgXcQ' }, playback).href).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10&end=65&autoplay=1&mute=1&rel=0',
    );
  });

  it('builds the Vimeo player with autoplay, muted and a start fragment', () => {
    const playback = playbackOf({ startTime: 30, autoplay: true, muted: true });
    expect(externalPlayerUrl({ provider: 'vimeo', id: '76979871', hash: 'abc123' }, playback).href).toBe(
      'https://player.vimeo.com/video/76979871?h=abc123&autoplay=1&muted=1#t=30s',
    );
  });

  it('frames the player in the sandbox, and explains an address it cannot play', () => {
    const out = externalVideo('https://youtu.be/dQw4w9WgXcQ', 'Intro', playbackOf(null)).value;
    expect(out).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0"');
    expect(out).toContain('title="Intro (YouTube video)"');
    expect(out).toContain('referrerpolicy="strict-origin-when-cross-origin"');
    expect(externalVideo('https://example.test/video', 'X', playbackOf(null)).value).toContain(
      'is not a YouTube or Vimeo link',
    );
  });
});

describe('hosted video', () => {
  it('seeks and stops with a media fragment and honours autoplay and muted', () => {
    const out = hostedVideo(
      '/api/v1/content/a.mp4',
      'Lecture',
      playbackOf({ startTime: 5, endTime: 20, autoplay: true, muted: true }),
    ).value;
    expect(out).toContain('src="/api/v1/content/a.mp4#t=5,20" autoplay muted aria-label="Lecture"');
  });

  it('ignores playback options that make no sense', () => {
    expect(playbackOf({ startTime: -3, endTime: 'soon', autoplay: 'yes', muted: 1 })).toEqual({
      startTime: undefined,
      endTime: undefined,
      autoplay: false,
      muted: false,
    });
    expect(playbackOf({ startTime: 30, endTime: 10 }).endTime).toBeUndefined();
    expect(playbackOf({ endTime: 10 })).toMatchObject({ startTime: undefined, endTime: 10 });
  });
});

describe('embeddable addresses', () => {
  it.each([
    [
      'https://docs.google.com/document/d/abc123/edit?usp=sharing',
      'https://docs.google.com/document/d/abc123/preview',
    ],
    [
      'https://docs.google.com/spreadsheets/d/abc123/edit#gid=0',
      'https://docs.google.com/spreadsheets/d/abc123/preview',
    ],
    [
      'https://docs.google.com/presentation/d/abc123/edit',
      'https://docs.google.com/presentation/d/abc123/preview',
    ],
    [
      'https://docs.google.com/forms/d/e/form123/viewform',
      'https://docs.google.com/forms/d/e/form123/viewform?embedded=true',
    ],
    [
      'https://www.figma.com/file/KEY/Design',
      'https://www.figma.com/embed?embed_host=learnbase&url=https%3A%2F%2Fwww.figma.com%2Ffile%2FKEY%2FDesign',
    ],
    ['https://www.loom.com/share/abc123', 'https://www.loom.com/embed/abc123'],
    ['https://www.canva.com/design/DAF1/view', 'https://www.canva.com/design/DAF1/view?embed='],
    ['https://miro.com/app/board/uXjV=/', 'https://miro.com/app/live-embed/uXjV=/'],
    ['https://example.test/widget?a=1', 'https://example.test/widget?a=1'],
  ])('shows %s as %s', (given, embeddable) => {
    expect(embeddableUrl(new URL(given)).href).toBe(embeddable);
  });

  it('frames the rewritten address in the sandbox', () => {
    const out = embedUrlFrame('https://www.loom.com/share/abc123', { title: 'Walkthrough' }).value;
    expect(out).toContain('src="https://www.loom.com/embed/abc123"');
    expect(out).toContain('title="Walkthrough"');
    expect(out).toContain(
      'sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-presentation"',
    );
  });
});
