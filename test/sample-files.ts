/**
 * The first bytes of real files of each uploadable format, padded to a believable
 * length, for sniffing and upload tests. Each starts exactly as files written by common
 * tools do (camera JPEG, ffmpeg MP4/WebM/Ogg, LAME MP3, Office zip packages). The PNG is a
 * whole 16×16 image, so the browser tests can see an uploaded image actually drawn.
 */
const pad = (head: number[] | string, length = 64) => {
  const bytes = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  return Buffer.concat([bytes, Buffer.alloc(Math.max(0, length - bytes.length), 0x20)]);
};

export const SAMPLES = {
  jpeg: pad([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOQy9tCEmIY1TCqYfhqAACJt0AQ4jRygQAAAABJRU5ErkJggg==',
    'base64',
  ),
  gif87: pad('GIF87a\x01\x00\x01\x00'),
  gif89: pad('GIF89a\x01\x00\x01\x00'),
  webp: pad('RIFF\x24\x00\x00\x00WEBPVP8 '),
  mp4: pad('\x00\x00\x00\x20ftypisom\x00\x00\x02\x00isomiso2avc1mp41'),
  m4v: pad('\x00\x00\x00\x1cftypM4V \x00\x00\x00\x01M4V M4A mp42'),
  m4a: pad('\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00M4A mp42isom'),
  webm: pad([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]),
  ogg: pad('OggS\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00'),
  pdf: pad('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'),
  mp3Id3: pad('ID3\x04\x00\x00\x00\x00\x00\x23'),
  mp3Frame: pad([0xff, 0xfb, 0x90, 0x64, 0x00, 0x00, 0x00, 0x00]),
  mp3Mpeg2: pad([0xff, 0xf3, 0x84, 0xc4, 0x00, 0x00, 0x00, 0x00]),
  wav: pad('RIFF\x24\x08\x00\x00WAVEfmt '),
  zip: pad('PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00'),
  html: pad('<!DOCTYPE html><html><script>alert(1)</script>'),
  svg: pad('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  exe: pad('MZ\x90\x00\x03\x00\x00\x00'),
} as const;
