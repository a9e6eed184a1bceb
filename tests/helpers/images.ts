import sharp from 'sharp';

/** A small picture in the given format, with a colour so different calls give different bytes. */
export function testImage(
  format: 'jpeg' | 'png' | 'webp' = 'png',
  { width = 640, height = 480, color = '#2a6f97' }: { width?: number; height?: number; color?: string } = {},
): Promise<Buffer> {
  // A gradient band so the picture is not one flat colour (cover crop must keep the centre).
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${color}"/>
    <rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="#f4c95d"/>
  </svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}
