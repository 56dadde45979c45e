import pg from 'pg'

/** One statement on the admin connection (CREATE / DROP DATABASE). */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl })
  await c.connect()
  try {
    await c.query(text)
  } finally {
    await c.end()
  }
}

/** The p-th percentile of already sorted samples (nearest rank). */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
