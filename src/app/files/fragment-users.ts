/**
 * Which zone files of the repository include a fragment, directly or through other fragments:
 * the question an edit of a fragment's record asks before it is made for one zone (editing a
 * fragment changes every zone that includes it; src/core/yaml-edit/route-edits.ts). Every YAML
 * file under the repository root is read as the loader reads it (confined to the repository,
 * hidden and version control directories skipped) and only its `include:` list is looked at;
 * files that do not read are passed over (they include nothing that can be followed).
 */
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { parseYaml } from '../../core/yaml/index.js';
import { readConfinedFile } from './confined-read.js';
import { repositoryRoot } from './repository-root.js';
import { expandZoneFilePaths } from './zone-file-paths.js';

interface IncludeNode {
  readonly path: string;
  readonly zone: boolean;
  readonly includes: readonly string[];
}

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** Each YAML file of the repository by its real path: whether it is a zone file, and the real paths it includes. */
async function includeGraph(root: string): Promise<Map<string, IncludeNode>> {
  const { files } = await expandZoneFilePaths([root]);
  const graph = new Map<string, IncludeNode>();
  for (const path of files) {
    const read = readConfinedFile(root, path);
    if (!read.ok) continue;
    const parsed = parseYaml(read.bytes.toString('utf8'));
    if (!parsed.ok || parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) continue;
    const doc = parsed.value as Record<string, unknown>;
    const list = Array.isArray(doc.include) ? doc.include.filter((e): e is string => typeof e === 'string') : [];
    graph.set(read.real, {
      path,
      zone: typeof doc.zone === 'string',
      includes: list.map((entry) => realOrResolved(resolve(dirname(path), entry))),
    });
  }
  return graph;
}

/** A path as messages show it: relative to the working directory when it is below it. */
function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? resolve(path) : rel;
}

/**
 * The zone files (other than `zoneFile`) of `zoneFile`'s repository that include `fragment`,
 * directly or not, as paths relative to the working directory.
 */
export async function otherZonesIncluding(zoneFile: string, fragment: string): Promise<string[]> {
  const root = repositoryRoot(zoneFile);
  const graph = await includeGraph(root);
  const target = realOrResolved(fragment);
  const self = realOrResolved(zoneFile);
  const reaches = (start: string): boolean => {
    const seen = new Set<string>();
    const stack = [...(graph.get(start)?.includes ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next === target) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(graph.get(next)?.includes ?? []));
    }
    return false;
  };
  const out: string[] = [];
  for (const [real, node] of graph) if (node.zone && real !== self && reaches(real)) out.push(shownPath(node.path));
  return out.sort();
}
