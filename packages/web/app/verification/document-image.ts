import { documentPlan, DOCUMENT_JPEG_QUALITY, firstSize, fitsTarget, nextSize, type DocumentContentType, type Size } from './image-size';

/** A document image ready for kyc/upload, or why it cannot be sent (an error key of the errors set). */
export type PreparedImage =
  | { ok: true; contentType: DocumentContentType; data: string; shrunk: boolean }
  | { ok: false; problem: 'invalidImage' | 'payloadTooLarge' };

/**
 * A chosen document photo, made ready to upload in the browser: a PNG, JPEG or WebP up to the
 * limit goes as it is; a larger one is drawn on a canvas at a smaller size and encoded as JPEG
 * until it fits (ADR 0040: phone photos are often 3 to 8 MB). `onShrink` is called when that
 * starts, so the page can say what takes the time. The server reads the bytes again whatever
 * comes, so nothing here is trusted.
 */
export async function prepareDocumentImage(file: File, onShrink?: () => void): Promise<PreparedImage> {
  const plan = documentPlan(file);
  if (plan === 'invalidImage') return { ok: false, problem: 'invalidImage' };
  if (plan === 'send') return { ok: true, contentType: file.type as DocumentContentType, data: await base64Of(file), shrunk: false };

  onShrink?.();
  const image = await decode(file);
  if (!image) return { ok: false, problem: 'invalidImage' };
  try {
    let size: Size | null = firstSize({ width: image.width, height: image.height });
    while (size) {
      const blob = await drawJpeg(image.source, size);
      if (!blob) return { ok: false, problem: 'invalidImage' };
      if (fitsTarget(blob.size)) return { ok: true, contentType: 'image/jpeg', data: await base64Of(blob), shrunk: true };
      size = nextSize(size, blob.size);
    }
    return { ok: false, problem: 'payloadTooLarge' };
  } finally {
    image.close();
  }
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

/** The file's pixels, turned as the camera was held (createImageBitmap reads the orientation), or null when it is no image. */
async function decode(file: File): Promise<Decoded | null> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // Some browsers cannot decode a type as a bitmap but can as an <img>: try that.
    }
  }
  const url = URL.createObjectURL(file);
  const element = new Image();
  try {
    element.src = url;
    await element.decode();
    return { source: element, width: element.naturalWidth, height: element.naturalHeight, close: () => URL.revokeObjectURL(url) };
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
}

/** The image drawn at `size` on a white ground (a transparent PNG would turn black in a JPEG), encoded as JPEG. */
function drawJpeg(source: CanvasImageSource, size: Size): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', DOCUMENT_JPEG_QUALITY));
}

/** The bytes as base64 text, as the upload call takes them (the data URL's part after its comma). */
async function base64Of(blob: Blob): Promise<string> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}
