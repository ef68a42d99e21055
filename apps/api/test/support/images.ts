/**
 * Pictures for upload tests, made with sharp in the test itself: a phone photo with GPS in its
 * EXIF, the other accepted formats, and the files an upload must refuse.
 */
import sharp from 'sharp';

/** A photo-like picture (noise compresses like a photo, unlike a flat colour). */
const photo = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });

const flat = (width: number, height: number, colour = '#3366aa') =>
  sharp({ create: { width, height, channels: 3, background: colour } });

/** GPS position written into the photo fixtures (a spot in London). */
const gpsExif = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '51/1 30/1 2658/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '0/1 7/1 3954/100',
} as const;

/**
 * A JPEG as a phone takes it: EXIF with camera make, model and GPS position (IFD3 is the GPS IFD
 * in sharp), and an orientation tag (6: the pixels are stored turned 90° anticlockwise).
 */
export const phoneJpeg = (width = 1200, height = 900) =>
  photo(width, height)
    .withExif({ IFD0: { Make: 'Phonemaker', Model: 'Phone 12', Software: 'Camera 1.0' }, IFD3: gpsExif })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 85 })
    .toBuffer();

export const pngWithAlpha = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A large plain picture: cheap to make and to re-encode, for the size rules. */
export const plainJpeg = (width: number, height: number) => flat(width, height, '#88aa44').jpeg().toBuffer();

export const webpImage = (width = 500, height = 500) => photo(width, height).webp().toBuffer();
export const avifImage = (width = 320, height = 240) => photo(width, height).avif({ effort: 0 }).toBuffer();
export const gifImage = () => flat(40, 40).gif().toBuffer();
export const tiffImage = () => flat(40, 40).tiff().toBuffer();

export const textFile = () => Buffer.from('This is a text file with a .jpg name, not a picture.\n');
export const svgImage = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>',
  );
export const pdfFile = () =>
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The first half of a JPEG: a valid header, then the data stops. */
export const truncatedJpeg = async () => {
  const whole = await photo(800, 600).jpeg().toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
};

/** 8000 × 6000 = 48 megapixels of one colour: a few hundred kB that would decode to 144 MB. */
export const decompressionBomb = () => flat(8000, 6000).png({ compressionLevel: 9 }).toBuffer();

/** More than 10 MB: a JPEG header followed by filler. */
export const oversizeFile = () => {
  const bytes = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return bytes;
};

/**
 * The tags of an EXIF block (as sharp's metadata().exif gives it): those of IFD0 and of the GPS
 * IFD it points to. Enough to prove a fixture really carries a GPS position.
 */
export const exifTags = (exif: Buffer): { ifd0: number[]; gps: number[] } => {
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const littleEndian = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (littleEndian ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (littleEndian ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = (offset: number) => {
    const tags = new Map<number, number>();
    for (let i = 0; i < u16(offset); i += 1) tags.set(u16(offset + 2 + i * 12), u32(offset + 2 + i * 12 + 8));
    return tags;
  };
  const ifd0 = ifd(u32(4));
  const gpsOffset = ifd0.get(0x8825);
  return { ifd0: [...ifd0.keys()], gps: gpsOffset === undefined ? [] : [...ifd(gpsOffset).keys()] };
};

/** A multipart/form-data body with the given file parts and text fields, for `app.inject`. */
export const multipartBody = (
  parts: Array<
    { name: string; value: string } | { name: string; filename: string; contentType: string; bytes: Buffer }
  >,
) => {
  const boundary = `----recell${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`;
    chunks.push(Buffer.from(head), 'value' in part ? Buffer.from(part.value) : part.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
