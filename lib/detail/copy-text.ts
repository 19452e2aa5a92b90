/**
 * Copies `text` to the clipboard: the async Clipboard API where the browser allows it, else the
 * old hidden-textarea + execCommand('copy') method (SPEC §8: "with a fallback copy method"), which
 * still works over plain http and in browsers without the API. Resolves false when both fail.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or document not focused: try the old way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const selection = document.getSelection();
  const previous = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  if (previous && selection) {
    selection.removeAllRanges();
    selection.addRange(previous);
  }
  return copied;
}

/** The share links of SPEC §7: Twitter's intent with text and url, WhatsApp with text. */
export function shareLinks(url: string, text: string): { tweet: string; whatsapp: string } {
  return {
    tweet: `https://twitter.com/intent/tweet?${new URLSearchParams({ text, url }).toString()}`,
    whatsapp: `https://wa.me/?${new URLSearchParams({ text: `${text} ${url}` }).toString()}`,
  };
}
