/**
 * Recognises a file's container from its first bytes, so a file is stored only when its
 * content is what its extension claims (an HTML page renamed to .png is refused).
 * This checks the signature, not the whole file: it stops disguised content, not
 * deliberately malformed media.
 */

export type Signature =
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'webp'
  | 'isobmff'
  | 'ebml'
  | 'ogg'
  | 'pdf'
  | 'mp3'
  | 'wav'
  | 'zip';

/** Every signature below is decided by at most this many leading bytes. */
export const SNIFF_BYTES = 16;

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((byte, index) => head[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

/**
 * An MPEG audio frame header: 11 sync bits, then a version and a layer that are not the
 * reserved values. (AAC's ADTS headers have layer 00 and are not MP3.)
 */
function isMpegAudioFrame(head: Uint8Array): boolean {
  if (head.length < 2 || head[0] !== 0xff || (head[1] & 0xe0) !== 0xe0) return false;
  const version = (head[1] >> 3) & 0b11;
  const layer = (head[1] >> 1) & 0b11;
  return version !== 0b01 && layer !== 0b00;
}

/** ISO base media (MP4, M4A, M4V, QuickTime…): a first box of type 'ftyp' with a sane size. */
function isIsoBaseMedia(head: Uint8Array): boolean {
  if (!startsWith(head, ascii('ftyp'), 4) || head.length < 12) return false;
  const boxSize = ((head[0] << 24) | (head[1] << 16) | (head[2] << 8) | head[3]) >>> 0;
  return boxSize >= 12;
}

const RECOGNISERS: ReadonlyArray<[Signature, (head: Uint8Array) => boolean]> = [
  ['jpeg', (head) => startsWith(head, JPEG)],
  ['png', (head) => startsWith(head, PNG)],
  ['gif', (head) => startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))],
  ['webp', (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)],
  ['wav', (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WAVE'), 8)],
  ['isobmff', isIsoBaseMedia],
  ['ebml', (head) => startsWith(head, EBML)],
  ['ogg', (head) => startsWith(head, ascii('OggS'))],
  ['pdf', (head) => startsWith(head, ascii('%PDF-'))],
  ['mp3', (head) => startsWith(head, ascii('ID3')) || isMpegAudioFrame(head)],
  ['zip', (head) => startsWith(head, ZIP_LOCAL_HEADER)],
];

/** The signature `head` (the first SNIFF_BYTES bytes, or the whole file if shorter) carries. */
export function sniffSignature(head: Uint8Array): Signature | undefined {
  return RECOGNISERS.find(([, recognises]) => recognises(head))?.[0];
}
