// Devices (issue 21, docs/devices.md): typed device resources, credentials, status rows, the
// pairing of screens, their logs and the printers' print jobs.
export {
  findDeviceLogs,
  markDeviceLogsRequested,
  type StoredDeviceLogs,
  storeDeviceLogs,
} from './device-logs.ts'
export {
  credentialHash,
  type DeviceConfig,
  type DeviceStatusRow,
  deviceConfigOf,
  deviceStatusRows,
  findDevice,
  isDevicePaired,
  listDevices,
  markDeviceError,
  markDeviceSeen,
  newCredential,
  revokeDeviceCredential,
  storeDeviceCredential,
  verifyDeviceCredential,
} from './devices.ts'
export {
  claimPairingCredential,
  type DevicePairing,
  dropUnclaimedPairingCredentials,
  findDevicePairing,
  pairDevice,
  type StartedPairing,
  startDevicePairing,
} from './pairings.ts'
export { listPrintJobs, retryPrintJob } from './print-jobs.ts'
