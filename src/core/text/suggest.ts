/** Edit distance (Levenshtein, with adjacent transposition counted as one edit). */
function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => [i, ...new Array<number>(n).fill(0)]);
  for (let j = 1; j <= n; j += 1) d[0][j] = j;
  for (let i = 1; i <= m; i += 1) {
    for (let j = 1; j <= n; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[m][n];
}

/**
 * The candidate nearest to `word` when it is close enough to be a likely typo, or else the one
 * candidate that `word` (three characters or more) abbreviates (`prio` for `priority`), or else
 * the one candidate of the same stem: `word` and it share all of `word` but its last letter, four
 * letters at least (`proxy` for `proxied`, `comments` is a typo already).
 */
export function suggestNearest(word: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  return nearestByEdits(word, list) ?? abbreviated(word, list) ?? sameStem(word, list);
}

function sameStem(word: string, candidates: readonly string[]): string | undefined {
  const stem = word.toLowerCase().slice(0, -1);
  if (stem.length < 4) return undefined;
  const found = candidates.filter((c) => c.length > stem.length && c.toLowerCase().startsWith(stem));
  return found.length === 1 ? found[0] : undefined;
}

function abbreviated(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  if (w.length < 3) return undefined;
  const longer = candidates.filter((c) => c.length > w.length && c.toLowerCase().startsWith(w));
  return longer.length === 1 ? longer[0] : undefined;
}

function nearestByEdits(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const dist = editDistance(w, c.toLowerCase());
    if (dist < bestDistance) {
      best = c;
      bestDistance = dist;
    }
  }
  const limit = Math.max(1, Math.min(3, Math.floor(w.length / 3)));
  return best !== undefined && bestDistance <= limit ? best : undefined;
}
