export type EventMetadata = {
  correlationId?: string
  causationId?: string
  commandId?: string
  actor?: { kind: string; id?: string; name?: string }
  // Routing hints for the publisher (subject tokens); see shared/contracts/subjects.
  branchId?: string
  orderUid?: string
  [key: string]: unknown
}

export type NewEvent = {
  type: string
  data: unknown
  metadata?: EventMetadata
  schemaVersion?: number
  eventId?: string
}

export type StoredEvent = {
  globalPosition: string
  transactionId: string
  streamId: string
  streamType: string
  streamPosition: number
  eventId: string
  type: string
  schemaVersion: number
  data: unknown
  metadata: EventMetadata
  createdAt: string
}

/**
 * An event as the publisher sends it: the fields the subject and the cursor need, and the whole
 * StoredEvent as JSON text, made by PostgreSQL (never parsed and serialised again in between).
 */
export type EventEnvelope = Pick<
  StoredEvent,
  'globalPosition' | 'transactionId' | 'streamId' | 'streamType' | 'type' | 'eventId' | 'createdAt'
> & { metadata: Pick<EventMetadata, 'branchId' | 'orderUid'>; json: string }

// 'any' skips the check; 0 means the stream must not exist yet.
export type ExpectedVersion = number | 'any'

export type Cursor = { xid: string; position: string }

export const START_CURSOR: Cursor = { xid: '0', position: '0' }
