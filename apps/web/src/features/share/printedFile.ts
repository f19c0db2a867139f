/**
 * The printed document as a file to share (issue 34, part 4): a PNG of exactly what prints, drawn by the browser
 * itself from the print area's DOM (an SVG foreignObject painted on a canvas, `modern-screenshot`), so the Arabic is
 * shaped and laid right to left by the same engine that prints it, in Noto Kufi Arabic (the page's @font-face rules
 * are embedded), with the tax QR as drawn. The library is loaded on the first share, never with a screen.
 */

/** Pixels per CSS pixel: 192 dpi, about a till printer's 203 dpi, and a tax QR a phone reads from the image. */
export const PRINTED_SCALE = 2;

/**
 * The print area laid out at the paper's width (the A4 invoice's 210 mm with its 12 mm margins; a roll's own 80 or
 * 58 mm), whatever the screen's width: a copy, out of sight beside the original, so the computed styles the image
 * is drawn from are those of the paper, not of a phone's narrow screen. `width` undefined: the area's own.
 */
export async function printedImage(node: HTMLElement, { name, width }: { name: string; width?: string }) {
  const { domToForeignObjectSvg } = await import('modern-screenshot');
  const holder = document.createElement('div');
  holder.setAttribute('aria-hidden', 'true');
  holder.style.cssText = 'position: relative; height: 0; overflow: hidden;';
  const copy = node.cloneNode(true) as HTMLElement;
  // The copy is not the page's: the page's tests and labels find the original only.
  for (const element of [copy, ...copy.querySelectorAll('[data-testid]')]) element.removeAttribute('data-testid');
  if (width) Object.assign(copy.style, { width, maxWidth: 'none', margin: '0', boxSizing: 'border-box' });
  holder.append(copy);
  node.after(holder);
  try {
    // Laid out (the box measured), the copy has asked for every face its text needs: they have arrived once the
    // document's fonts are ready, and the image embeds the faces loaded then.
    const box = copy.getBoundingClientRect();
    await Promise.all([
      document.fonts.ready,
      ...[...copy.querySelectorAll('img')].map((image) => image.decode().catch(() => undefined)),
    ]);
    const svg = await domToForeignObjectSvg(copy, { backgroundColor: '#ffffff', font: { cssText: await pageFonts() } });
    const canvas = await drawnWhenSettled(svg, Math.ceil(box.width), Math.ceil(box.height));
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the image could not be made');
    return new File([blob], name, { type: 'image/png' });
  } finally {
    holder.remove();
  }
}

/**
 * The SVG drawn on a canvas once its fonts have arrived. An SVG image may decode its embedded fonts after it has
 * loaded (Safari and Firefox do; the library draws again there), which would show a fallback font in the first
 * drawing: it is drawn again until two drawings agree (in Chromium the first two do).
 */
async function drawnWhenSettled(svg: SVGElement, width: number, height: number) {
  // A control character typed into a name is not allowed in XML: the SVG would not load.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
  const xml = new XMLSerializer().serializeToString(svg).replace(/[\u0000-\u0008\v\f\u000E-\u001F\uFFFE\uFFFF]/g, '');
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
  await image.decode();
  const canvas = Object.assign(document.createElement('canvas'), {
    width: width * PRINTED_SCALE,
    height: height * PRINTED_SCALE,
  });
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no canvas');
  let previous = -1;
  for (let drawing = 0; drawing < 12; drawing++) {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const drawn = fingerprint(context.getImageData(0, 0, canvas.width, canvas.height).data);
    if (drawn === previous) break;
    previous = drawn;
    await new Promise((resolve) => setTimeout(resolve, 120));
  }
  return canvas;
}

/**
 * The page's fonts as the image needs them: the @font-face rules of the faces the page has loaded (the subsets and
 * weights its text uses: Noto Kufi Arabic's Arabic and Latin, regular and bold), each with its WOFF2 file inlined,
 * since an SVG image fetches nothing. The library's own embedding inlines every face of every format, and its
 * choice of one format drops the `src` of every other rule (a global RegExp's lastIndex carried from one rule to
 * the next: the bold labels and the digits came out in a fallback font, and a label wrapped).
 */
async function pageFonts() {
  const loaded = new Set(
    [...document.fonts]
      .filter((face) => face.status === 'loaded')
      .map((face) => faceKey(face.family, face.weight, face.style, face.unicodeRange)),
  );
  const rules = [...document.styleSheets].flatMap((sheet) => {
    try {
      return [...sheet.cssRules].filter((rule) => rule instanceof CSSFontFaceRule);
    } catch {
      return []; // a sheet of another origin: none here
    }
  });
  const faces = await Promise.all(
    rules.map(async (rule) => {
      const style = rule.style;
      const [family, weight, fontStyle, range] = ['font-family', 'font-weight', 'font-style', 'unicode-range'].map(
        (name) => style.getPropertyValue(name),
      ) as [string, string, string, string];
      if (!loaded.has(faceKey(family, weight, fontStyle, range))) return '';
      const file = /url\(["']?([^"')]+\.woff2)["']?\)/.exec(style.getPropertyValue('src'))?.[1];
      if (!file) return '';
      const url = new URL(file, rule.parentStyleSheet?.href ?? document.baseURI).href;
      const data = await dataUrlOf(await (await fetch(url, { cache: 'force-cache' })).blob());
      return `@font-face { font-family: ${family}; font-style: ${fontStyle || 'normal'}; font-weight: ${weight || 'normal'}; ${range ? `unicode-range: ${range};` : ''} src: url("${data}") format("woff2"); }`;
    }),
  );
  return faces.join('\n');
}

const faceKey = (family: string, weight: string, style: string, range: string) =>
  [family.replace(/["']/g, ''), weight || 'normal', style || 'normal', range || 'U+0-10FFFF'].join('|');

const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** A drawing's fingerprint (FNV-1a over its pixels): the page may be served over plain HTTP, without crypto.subtle. */
function fingerprint(pixels: Uint8ClampedArray) {
  const words = new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.byteLength >> 2);
  let hash = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ (words[i] ?? 0), 0x01000193);
  return hash >>> 0;
}

/**
 * The print area once nothing in it is still being drawn (`data-drawing`: the tax QR, drawn after the document by a
 * library of its own), so no image is made of half a document; after 5 s, as it is.
 */
export function whenDrawn(node: HTMLElement) {
  const drawing = () => node.querySelector('[data-drawing]') !== null;
  if (!drawing()) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      changes.disconnect();
      window.clearTimeout(timer);
      resolve();
    };
    const changes = new MutationObserver(() => {
      if (!drawing()) done();
    });
    changes.observe(node, { subtree: true, childList: true, attributes: true });
    const timer = window.setTimeout(done, 5000);
  });
}

/** Whether the device's share sheet takes files (phones); a desktop downloads the file instead. */
export function canShareFiles() {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([new Uint8Array(0)], 'invoice.png', { type: 'image/png' })] });
  } catch {
    return false;
  }
}

/** The file saved on the device (a desktop's downloads). */
export function downloadFile(file: File) {
  const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(file), download: file.name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
