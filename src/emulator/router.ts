/**
 * Route table: `:param` segments, literal segments win over parameters (so
 * `/dns_records/batch` beats `/dns_records/:dns_record_id`), a known path with another method
 * is a 405.
 */
import type { Route } from './contract.js';

interface CompiledRoute {
  route: Route;
  segments: string[];
}

export type RouteMatch = { kind: 'found'; route: Route; params: Record<string, string> } | { kind: 'wrong-method' } | { kind: 'not-found' };

export class Router {
  private readonly byLength = new Map<number, CompiledRoute[]>();

  constructor(routes: readonly Route[]) {
    for (const route of routes) {
      const segments = splitPath(route.path);
      const list = this.byLength.get(segments.length) ?? [];
      list.push({ route, segments });
      this.byLength.set(segments.length, list);
    }
  }

  match(method: string, path: string): RouteMatch {
    const parts = splitPath(path);
    const candidates = this.byLength.get(parts.length) ?? [];
    let best: { c: CompiledRoute; params: Record<string, string>; score: number[] } | undefined;
    let pathKnown = false;
    for (const c of candidates) {
      const params = matchSegments(c.segments, parts);
      if (!params) continue;
      pathKnown = true;
      if (c.route.method !== method) continue;
      const score = c.segments.map((s) => (s.startsWith(':') ? 0 : 1));
      if (!best || compareScores(score, best.score) > 0) best = { c, params, score };
    }
    if (best) return { kind: 'found', route: best.c.route, params: best.params };
    return pathKnown ? { kind: 'wrong-method' } : { kind: 'not-found' };
  }
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i += 1) {
    const p = pattern[i];
    if (p.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(parts[i]);
      } catch {
        return undefined;
      }
      params[p.slice(1)] = value;
    } else if (p !== parts[i]) {
      return undefined;
    }
  }
  return params;
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
