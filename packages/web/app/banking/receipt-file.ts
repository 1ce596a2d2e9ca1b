import { RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES } from '@wl/contracts';

export type ReceiptContentType = (typeof RECEIPT_CONTENT_TYPES)[number];

/**
 * A chosen receipt file, checked before it is sent (the server checks the bytes again): one of
 * the image types the server takes, at most RECEIPT_MAX_BYTES. Answers the upload's content type
 * and base64 text, or what is wrong.
 */
export async function readReceiptFile(file: File): Promise<{ ok: true; contentType: ReceiptContentType; data: string } | { ok: false; problem: 'invalidImage' | 'tooLarge' }> {
  const contentType = RECEIPT_CONTENT_TYPES.find((type) => type === file.type);
  if (!contentType) return { ok: false, problem: 'invalidImage' };
  if (file.size > RECEIPT_MAX_BYTES || file.size === 0) return { ok: false, problem: file.size ? 'tooLarge' : 'invalidImage' };
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
  // "data:image/png;base64,<data>": the call takes the data alone.
  return { ok: true, contentType, data: dataUrl.slice(dataUrl.indexOf(',') + 1) };
}
