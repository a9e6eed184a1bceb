// Libraries that few requests use, loaded on their first use rather than at start (decision 0061):
// a module loaded at start keeps its code and heap in the process for its whole life, and most
// processes never encode an image, draw a QR code or read back a stored mail.

import type * as Sharp from 'sharp';
import type * as QrCode from 'qrcode';

let sharpModule: Promise<typeof Sharp> | undefined;
let qrCodeModule: Promise<typeof QrCode> | undefined;

/** sharp (libvips): image checks and renditions. */
export async function loadSharp() {
  return (await (sharpModule ??= import('sharp'))).default;
}

/** qrcode: a channel's code, a project's RERA code. */
export async function loadQrCode(): Promise<typeof QrCode> {
  // A CommonJS module: Node gives its exports as `default` (the types list them as named exports).
  const loaded = (await (qrCodeModule ??= import('qrcode'))) as typeof QrCode & { default?: typeof QrCode };
  return loaded.default ?? loaded;
}
