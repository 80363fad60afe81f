import fs from 'node:fs';

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;

const MARKETING = /[\\/]src[\\/]features[\\/]marketing[\\/]/;
const LUCIDE_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;
const NAMED_FROM_LUCIDE = /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g;

/** The names each icon's module goes by in lucide's index (`AlertTriangle`, `TriangleAlert`, ... for one file). */
function iconNamesIn(indexFile: string): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  const source = fs.readFileSync(indexFile, 'utf8');
  for (const [, list, file] of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs'/g)) {
    names.set(file!, new Set([...list!.matchAll(/default as (\w+)/g)].map((match) => match[1]!)));
  }
  return names;
}

/** The names a module imports from lucide's index, or `all` where it does so in a form not read here (`* as`). */
function lucideNamesOf(id: string): Set<string> | 'all' {
  const source = fs.readFileSync(id.split('?')[0]!, 'utf8');
  const names = new Set<string>();
  let found = false;
  for (const [, list] of source.matchAll(NAMED_FROM_LUCIDE)) {
    found = true;
    for (const part of list!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name && !name.startsWith('type ')) names.add(name);
    }
  }
  return found ? names : 'all';
}

/**
 * Whether a marketing page imports a module, directly or through other modules (statically). lucide's index imports
 * every icon, so an icon's importer is the index whichever module names it: through the index, the walk goes on only
 * from the modules that import that icon by one of its names; else every icon any two screens share would seem the
 * marketing pages' too, and the landing page would load them.
 */
export function marketingModules() {
  /** Modules found to lead to a marketing page: a path found stays a path, whatever a later walk cuts as a cycle. */
  const leadsToMarketing = new Set<string>();
  const lucideNames = new Map<string, Set<string> | 'all'>();
  let iconNames: Map<string, Set<string>> | undefined;

  const importsIcon = (id: string, indexFile: string, icon: string) => {
    iconNames ??= iconNamesIn(indexFile);
    if (!lucideNames.has(id)) lucideNames.set(id, lucideNamesOf(id));
    const imported = lucideNames.get(id)!;
    if (imported === 'all') return true;
    return [...(iconNames.get(icon) ?? [])].some((name) => imported.has(name));
  };

  return function neededByMarketing(id: string, info: ModuleInfoOf, seen = new Set<string>()): boolean {
    if (MARKETING.test(id) || leadsToMarketing.has(id)) return true;
    seen.add(id);
    const icon = LUCIDE_ICON.exec(id)?.[1];
    const needed = (info(id)?.importers ?? []).some((importer) => {
      if (seen.has(importer)) return false;
      if (!icon || !LUCIDE_INDEX.test(importer)) return neededByMarketing(importer, info, seen);
      return (info(importer)?.importers ?? []).some(
        (user) => !seen.has(user) && importsIcon(user, importer, icon) && neededByMarketing(user, info, seen),
      );
    });
    if (needed) leadsToMarketing.add(id);
    return needed;
  };
}
