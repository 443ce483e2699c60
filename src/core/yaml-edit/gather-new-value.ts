/**
 * The value several edits make under a key that does not exist yet, gathered into one (written
 * once by the editor, edit-document.ts), new keys placed where a mapping's key order puts them.
 */
import { copyValue } from './intended-value.js';
import { isPlainObject } from './render-value.js';
import { Refusal } from './tree.js';
import type { YamlPath } from './types.js';

/**
 * `value` put at `rest` inside `into` (what earlier edits made): mappings made on the way (a key
 * they did not have goes where `order` puts it among theirs), a later value winning; with
 * `append`, `value` is one more item of the sequence there.
 */
export function gathered(into: unknown, rest: YamlPath, value: unknown, append: boolean, order: readonly string[]): unknown {
  if (rest.length === 0) {
    if (!append) return copyValue(value);
    return [...(Array.isArray(into) ? into : []), copyValue(value)];
  }
  const head = rest[0]!;
  if (typeof head === 'number') throw new Refusal('no-such-node', rest, `cannot make the item [${head}] of a sequence that does not exist`);
  const holder: Record<string, unknown> = isPlainObject(into) ? into : {};
  const inner = gathered(holder[head], rest.slice(1), value, append, order);
  if (Object.hasOwn(holder, head)) {
    holder[head] = inner;
    return holder;
  }
  const keys = Object.keys(holder);
  const after = keys.filter((k) => rank(order, k) <= rank(order, head) && rank(order, head) < order.length);
  const at = after.length > 0 ? keys.indexOf(after[after.length - 1]!) + 1 : rank(order, head) < order.length ? 0 : keys.length;
  const out: Record<string, unknown> = {};
  keys.slice(0, at).forEach((k) => {
    out[k] = holder[k];
  });
  out[head] = inner;
  keys.slice(at).forEach((k) => {
    out[k] = holder[k];
  });
  return out;
}

export function rank(order: readonly string[], key: string): number {
  const i = order.indexOf(key);
  return i < 0 ? order.length : i;
}
