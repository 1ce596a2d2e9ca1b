import qrcode from 'qrcode-generator';

/** A QR code as an SVG path over a square of `size` modules (the quiet zone is the drawing's). */
export interface QrCode {
  size: number;
  path: string;
}

/**
 * The QR code of the player's share link, made in the browser. The link holds the player's own
 * referral code, known only where the session is (browser storage), so the server cannot draw it
 * into the page as /download's loader does (content/qr.server.ts). The same small library
 * (qrcode-generator, no dependencies) is used; /referral imports this module lazily, once a
 * player's link is known, so neither the home page's nor a guest's download grows. The drawing
 * follows qr.server.ts: error correction M, each row's dark runs one rectangle each.
 */
export function qrCodeOf(text: string): QrCode {
  const qr = qrcode(0, 'M');
  // The link is an address the browser made (URL.href): ASCII already, as the library's byte mode needs.
  qr.addData(text, 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  const runs: string[] = [];
  for (let row = 0; row < size; row += 1) {
    let column = 0;
    while (column < size) {
      if (!qr.isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < size && qr.isDark(row, column)) column += 1;
      runs.push(`M${start} ${row}h${column - start}v1h${start - column}z`);
    }
  }
  return { size, path: runs.join('') };
}
