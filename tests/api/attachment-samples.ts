// Leading bytes of real files of each format, padded to any size: what the upload tests send.

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

const u32le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >> 24) & 0xff];

/** A complete 1×1 PNG. */
export const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
);
export const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
export const PDF = bytes('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
export const WAV = bytes(
  'RIFF',
  u32le(36),
  'WAVE',
  'fmt ',
  u32le(16),
  [1, 0, 1, 0],
  u32le(8000),
  u32le(16000),
  [2, 0, 16, 0],
  'data',
  u32le(0),
);
export const AVI = bytes('RIFF', u32le(4), 'AVI ', 'LIST', u32le(4), 'hdrl');
export const WEBP = bytes('RIFF', u32le(4), 'WEBP', 'VP8 ', u32le(0));
export const GIF = bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0]);
/** An ISO base media file's `ftyp` box with the given major brand. */
export const ftyp = (brand: string) => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 2, 0], 'isommp41');
export const MP4 = ftyp('isom');
export const M4A = ftyp('M4A ');
export const MOV = ftyp('qt  ');
/** ADTS AAC frame header (sync word 0xFFF, MPEG-4, layer 0). */
export const AAC = bytes([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]);
/** An Ogg page whose first packet is a Theora header. */
export const OGG_THEORA = bytes('OggS', [0, 2], new Array<number>(20).fill(0), [1, 30], [0x80], 'theora', new Array<number>(23).fill(0));
/** EBML header with DocType "webm". */
export const WEBM = bytes(
  [0x1a, 0x45, 0xdf, 0xa3, 0x9f],
  [0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08],
  [0x42, 0x82, 0x84],
  'webm',
  [0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02],
);

/** The sample followed by zero bytes up to `size` (at least the sample itself). */
export function padded(sample: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(Math.max(size, sample.length));
  out.set(sample);
  return out;
}
