// How the browser broke an element's text into lines, read from the rendered characters' boxes
// (Range rects): for the checks that a label sits on one line, and that no line ends inside a word
// ("account.creat|ed", a navigation entry cut to "Poi").
import type { Locator } from '@playwright/test';

export interface RenderedText {
  /** The text of each rendered line, in order. */
  lines: string[];
  /** The element's box, to compare with its container's or the viewport's. */
  box: { left: number; right: number; top: number; bottom: number };
}

/** The lines `locator`'s element is rendered in. */
export async function renderedText(locator: Locator): Promise<RenderedText> {
  return locator.evaluate((element) => {
    const lines: string[] = [];
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        if (lastTop === null || rect.top > lastTop + rect.height / 2) {
          lines.push('');
          lastTop = rect.top;
        }
        lines[lines.length - 1] += text.charAt(i);
      }
    }
    const { left, right, top, bottom } = element.getBoundingClientRect();
    return { lines: lines.map((line) => line.trim()), box: { left, right, top, bottom } };
  });
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** The places where a line ends and the next begins inside a word, as "before|after". */
export function breaksInsideWords({ lines }: RenderedText): string[] {
  return lines.slice(1).flatMap((line, i) => {
    const before = lines[i]!;
    return WORD_CHARACTER.test(before.at(-1) ?? '') && WORD_CHARACTER.test(line[0] ?? '') ? [`${before}|${line}`] : [];
  });
}
