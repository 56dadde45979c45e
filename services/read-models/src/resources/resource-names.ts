import { type RawBuilder, sql } from 'kysely'

// What a resource is called, for the log, the media usage and the refusals that name it: its
// name, or the field that stands for one (a user's display name, a branch's or table's
// identifier, a font's family, a redirect's path, an image's alt text, a site's title in its
// first translation), in SQL over its state.

/** The name of the resource whose state (jsonb) is `state`, or null. */
export function resourceNameOf(state: RawBuilder<unknown>): RawBuilder<string | null> {
  const field = (name: string) => sql`nullif(btrim(${state}->>${name}), '')`
  return sql<string | null>`coalesce(
    ${field('name')}, ${field('shopName')}, ${field('displayName')}, ${field('username')},
    ${field('identifier')}, ${field('family')}, ${field('path')}, ${field('alt')},
    (SELECT nullif(btrim(coalesce(t.value->>'name', t.value->>'title', t.value->>'path')), '')
       FROM jsonb_each(CASE WHEN jsonb_typeof(${state}->'translations') = 'object'
                            THEN ${state}->'translations' ELSE '{}'::jsonb END) AS t
      ORDER BY t.key <> 'de-CH', t.key LIMIT 1))`
}
