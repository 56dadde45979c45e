import type { DeviceLogs, DeviceStatus, PrintJob } from '@shop/shared/contracts/http/devices.http.ts'
import { apiGet, apiSend } from '../../lib/api.ts'
import type { Device } from './device-model.ts'

// The device routes the registry calls (docs/api.md "Devices"; contracts in
// shared/contracts/http/devices.http.ts). Admins write; staff read the status.

const device = (id: string, suffix = '') => `/devices/${encodeURIComponent(id)}${suffix}`

export type { DeviceLogs, DeviceStatus, PrintJob }

export function loadStatuses(branch?: string): Promise<DeviceStatus[]> {
  const query = branch ? `?${new URLSearchParams({ branch })}` : ''
  return apiGet<DeviceStatus[]>(`/devices/status${query}`)
}

/** POST /api/devices/{id}/pair: the device, paired with the code its screen shows. */
export function pairDevice(id: string, code: string): Promise<Device> {
  return apiSend<Device>('POST', device(id, '/pair'), { code })
}

export function revokeDevice(id: string): Promise<unknown> {
  return apiSend('POST', device(id, '/revoke'))
}

export function testPrint(id: string): Promise<unknown> {
  return apiSend('POST', device(id, '/test/print'))
}

export function testNotification(id: string): Promise<unknown> {
  return apiSend('POST', device(id, '/test/notification'))
}

/** 202 for a paired device (the log follows), 200 with the lines for a printer. */
export function requestLogs(id: string): Promise<{ requested: boolean; lines?: string[] }> {
  return apiSend('POST', device(id, '/request-device-logs'))
}

export function loadLogs(id: string): Promise<DeviceLogs> {
  return apiGet<DeviceLogs>(device(id, '/logs'))
}

export function loadJobs(id: string): Promise<PrintJob[]> {
  return apiGet<PrintJob[]>(device(id, '/jobs'))
}

export function retryJob(jobId: string): Promise<unknown> {
  return apiSend('POST', `/print-jobs/${encodeURIComponent(jobId)}/retry`)
}
