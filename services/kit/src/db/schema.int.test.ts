import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'

// The Kysely `Database` type (schema.ts) against a database built by the migrations: every
// table and column on both sides, each column typed as node-postgres returns it and nullable
// exactly when the database allows NULL. schema.ts is read with the TypeScript compiler, so
// what is checked is what the compiler sees.

const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url))

/** Kysely's own bookkeeping, not the shop's tables. */
const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock'])

/** What a column of this PostgreSQL type selects as in TypeScript (node-postgres, kit's parsers). */
const SELECTS_AS: Record<string, string> = {
  text: 'string',
  varchar: 'string',
  uuid: 'string',
  // int8 and xid8 come back as strings (never Number()), numeric too (exact decimals).
  int8: 'string',
  xid8: 'string',
  numeric: 'string',
  // Written and compared as 'YYYY-MM-DD', read as ::text (schema.ts `DateString`).
  date: 'string',
  int2: 'number',
  int4: 'number',
  bool: 'boolean',
  timestamptz: 'Date',
  bytea: 'Buffer',
  // Any shape on select; written as JSON text (schema.ts `Json`).
  jsonb: 'json',
}

type DbColumn = { table: string; column: string; udt: string; nullable: boolean }
type TsColumn = { select: Set<string>; insert: Set<string>; text: string }

async function databaseColumns(db: TestDatabase): Promise<Map<string, Map<string, DbColumn>>> {
  const { rows: tables } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(db.db)
  const { rows: columns } = await sql<{
    table_name: string
    column_name: string
    udt_name: string
    is_nullable: string
  }>`
    SELECT c.table_name, c.column_name, c.udt_name, c.is_nullable
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`.execute(db.db)
  const out = new Map<string, Map<string, DbColumn>>()
  for (const t of tables) if (!KYSELY_TABLES.has(t.table_name)) out.set(t.table_name, new Map())
  for (const c of columns) {
    out.get(c.table_name)?.set(c.column_name, {
      table: c.table_name,
      column: c.column_name,
      udt: c.udt_name,
      nullable: c.is_nullable === 'YES',
    })
  }
  return out
}

/** The tables and columns of schema.ts's `Database`, with what each selects and inserts as. */
function schemaColumns(): { tables: Map<string, Map<string, TsColumn>>; diagnostics: string[] } {
  const configPath = ts.findConfigFile(dirname(SCHEMA_FILE), ts.sys.fileExists)
  if (!configPath) throw new Error('no tsconfig.json above schema.ts')
  const config = ts.readConfigFile(configPath, ts.sys.readFile)
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configPath)).options
  const program = ts.createProgram([SCHEMA_FILE], { ...options, noEmit: true })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(SCHEMA_FILE)
  if (!source) throw new Error(`schema.ts not found at ${SCHEMA_FILE}`)
  const diagnostics = ts
    .getPreEmitDiagnostics(program, source)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))

  const database = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  )
  if (!database) throw new Error('schema.ts declares no interface Database')

  const members = (t: ts.Type): ts.Type[] => (t.isUnion() ? t.types : [t])
  // Kysely's SelectType / InsertType: a ColumnType's part, else the type itself, per union member.
  const part = (t: ts.Type, name: '__select__' | '__insert__') =>
    members(t).flatMap((m) => {
      const p = m.getProperty(name)
      return p ? members(checker.getTypeOfSymbol(p)) : [m]
    })
  const kindOf = (t: ts.Type): string => {
    if (t.flags & ts.TypeFlags.Any) return 'any'
    if (t.flags & ts.TypeFlags.Unknown) return 'unknown'
    if (t.flags & ts.TypeFlags.Null) return 'null'
    if (t.flags & ts.TypeFlags.Undefined) return 'undefined'
    if (t.flags & ts.TypeFlags.StringLike) return 'string'
    if (t.flags & ts.TypeFlags.NumberLike) return 'number'
    if (t.flags & ts.TypeFlags.BigIntLike) return 'bigint'
    if (t.flags & ts.TypeFlags.BooleanLike) return 'boolean'
    const name = t.getSymbol()?.getName()
    return name === 'Date' || name === 'Buffer' ? name : checker.typeToString(t)
  }

  const tables = new Map<string, Map<string, TsColumn>>()
  const databaseType = checker.getTypeAtLocation(database.name)
  for (const table of checker.getPropertiesOfType(databaseType)) {
    const columns = new Map<string, TsColumn>()
    const tableType = checker.getTypeOfSymbol(table)
    for (const column of checker.getPropertiesOfType(tableType)) {
      const type = checker.getTypeOfSymbol(column)
      columns.set(column.getName(), {
        select: new Set(part(type, '__select__').map(kindOf)),
        insert: new Set(part(type, '__insert__').map(kindOf)),
        text: checker.typeToString(type),
      })
    }
    tables.set(table.getName(), columns)
  }
  return { tables, diagnostics }
}

const list = (kinds: Set<string>) => [...kinds].sort().join(' | ')
const without = (kinds: Set<string>, ...drop: string[]) =>
  new Set([...kinds].filter((k) => !drop.includes(k)))

/** What is wrong with one column's type in schema.ts, or undefined. */
function columnProblem(db: DbColumn, typed: TsColumn): string | undefined {
  const where = `${db.table}.${db.column} (${db.udt}${db.nullable ? '' : ' NOT NULL'}) is ${typed.text}`
  const expected = SELECTS_AS[db.udt]
  if (!expected)
    return `${where}: no TypeScript type is known for ${db.udt} (add it to SELECTS_AS in this test)`
  if (db.nullable !== typed.select.has('null')) {
    return `${where}: ${db.nullable ? 'nullable, so its type needs | null' : 'never null, so its type must not have null'}`
  }
  const selects = without(typed.select, 'null')
  if (expected === 'json') {
    const inserts = without(typed.insert, 'null', 'undefined')
    if (list(inserts) !== 'string')
      return `${where}: jsonb is written as JSON text (Json<…>), not ${list(inserts)}`
    return undefined
  }
  if (list(selects) !== expected) return `${where}: selects as ${list(selects)}, expected ${expected}`
  return undefined
}

describe('the Kysely Database type (schema.ts)', () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase({ max: 1 })
  })
  afterAll(async () => {
    await db?.drop()
  })

  it('declares every table and column of the migrated database, typed as pg returns them, and no other', async () => {
    const inDatabase = await databaseColumns(db)
    const { tables: inSchema, diagnostics } = schemaColumns()
    // A type that does not resolve would check as `any` and hide everything else.
    expect(diagnostics).toEqual([])
    expect(inDatabase.size).toBeGreaterThan(20)

    const problems: string[] = []
    for (const [table, columns] of inDatabase) {
      const declared = inSchema.get(table)
      if (!declared) {
        problems.push(
          `table ${table}: in the database, missing in schema.ts (${[...columns.keys()].join(', ')})`,
        )
        continue
      }
      for (const [name, column] of columns) {
        const typed = declared.get(name)
        if (!typed) problems.push(`${table}.${name} (${column.udt}): in the database, missing in schema.ts`)
        else {
          const problem = columnProblem(column, typed)
          if (problem) problems.push(problem)
        }
      }
      for (const name of declared.keys())
        if (!columns.has(name)) problems.push(`${table}.${name}: in schema.ts, not in the database`)
    }
    for (const table of inSchema.keys())
      if (!inDatabase.has(table)) problems.push(`table ${table}: in schema.ts, not in the database`)
    expect(problems).toEqual([])
  })
})
