import type { z } from 'zod';

// The keys a zod schema allows at a path of the data, for "did you mean" on a misspelt key.

/** The definition zod keeps of a schema: only the fields read here. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  getter?: () => z.ZodType;
}
const defOf = (s: z.ZodType | undefined) => (s as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** The object schemas `s` stands for, past optional, default, pipe and lazy; a union gives the options `data` fits. */
function objectsOf(s: z.ZodType | undefined, data: unknown, depth = 0): Record<string, z.ZodType>[] {
  const def = defOf(s);
  if (!def || depth > 20) return [];
  if (def.type === 'object' && def.shape) return [def.shape];
  const inner = def.innerType ?? def.in ?? def.getter?.();
  if (inner) return objectsOf(inner, data, depth + 1);
  if (def.type !== 'union' || !def.options) return [];
  const all = def.options.flatMap((o) => objectsOf(o, data, depth + 1));
  // A discriminated union (a block's `type`): the keys of the kind the data says it is.
  const kind = def.discriminator && (data as Record<string, unknown> | null)?.[def.discriminator];
  const chosen = all.filter((shape) => {
    const literal = defOf(shape[def.discriminator ?? '']) as { values?: unknown[] } | undefined;
    return kind !== undefined && literal?.values?.includes(kind);
  });
  return chosen.length ? chosen : all;
}

/** The keys the schema allows at `path` of `data` (for "did you mean"); none where it cannot tell. */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[], data: unknown): string[] {
  let level: z.ZodType[] = [schema];
  let value = data;
  for (const step of path) {
    const next: z.ZodType[] = [];
    for (const s of level) {
      for (const shape of objectsOf(s, value)) if (typeof step === 'string' && shape[step]) next.push(shape[step]);
      let def = defOf(s);
      while (def && (def.innerType ?? def.in) && def.type !== 'array' && def.type !== 'record')
        def = defOf(def.innerType ?? def.in);
      if (def?.type === 'array' && def.element) next.push(def.element);
      if (def?.type === 'record' && def.valueType) next.push(def.valueType);
    }
    level = next;
    value = (value as Record<PropertyKey, unknown> | null)?.[step as string];
  }
  return [...new Set(level.flatMap((s) => objectsOf(s, value).flatMap((shape) => Object.keys(shape))))];
}
