// A minimal streaming XML tag scanner: enough for 3MF model parts, which are flat lists of tags with
// attributes. Never builds a document tree, so a 500 MB model part costs one chunk of memory.
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { ModelRejection } from './reject.ts';

export type Attributes = Record<string, string>;

export function attributes(source: string): Attributes {
  const found: Attributes = {};
  for (const match of source.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const name = match[1] ?? '';
    // Namespaced attributes (p:path) are looked up by their local name.
    found[name.slice(name.indexOf(':') + 1)] = match[2] ?? match[3] ?? '';
  }
  return found;
}

/** Calls onTag for every element tag in a streamed XML document (comments and declarations skipped). */
export async function scanTags(
  stream: Readable,
  onTag: (name: string, attrs: string, closing: boolean, selfClosing: boolean) => void,
): Promise<void> {
  const decoder = new StringDecoder('utf8');
  let carry = '';
  const onBody = (body: string) => {
    const first = body.charCodeAt(0);
    if (first === 63 || first === 33) return; // <? ... ?> and <! ... >
    const closing = first === 47;
    const selfClosing = body.endsWith('/');
    const content = body.slice(closing ? 1 : 0, selfClosing ? -1 : undefined).trimStart();
    const space = content.search(/\s/);
    const qualified = space === -1 ? content : content.slice(0, space);
    const name = qualified.slice(qualified.indexOf(':') + 1);
    onTag(name, space === -1 ? '' : content.slice(space), closing, selfClosing);
  };
  /**
   * Visits the tags in `text` and answers where the unfinished rest starts: the first '<' with no '>'
   * after it. Its first `searched` characters (the rest carried from before) hold no '>', so each
   * character is looked at once, however many '<' a crafted part holds.
   */
  const visit = (text: string, searched: number): number => {
    let at = 0;
    for (;;) {
      const open = text.indexOf('<', at);
      if (open === -1) return text.length;
      const close = text.indexOf('>', Math.max(open + 1, searched));
      if (close === -1) return open;
      onBody(text.slice(open + 1, close));
      at = close + 1;
    }
  };
  for await (const chunk of stream) {
    const text = carry + decoder.write(chunk as Buffer);
    carry = text.slice(visit(text, carry.length));
    if (carry.length > 1 << 20)
      throw new ModelRejection('Not a valid 3MF: the model part holds a tag longer than 1 MB');
  }
  visit(carry + decoder.end(), carry.length);
}
